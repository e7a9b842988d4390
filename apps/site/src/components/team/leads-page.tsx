import type { InboxView, TeamPage, TeamViewer } from '@growmail/contracts/team';
import { may, mayUseRoute } from '@growmail/contracts/team-access';
import { leadFormNames } from '@growmail/contracts/lead-labels';
import { formatTime, Notice, PageTitle, PostForm, Problem } from './team-parts';

type Props = Omit<Extract<TeamPage, { view: 'leads' }>, 'view'> & { csrf: string | undefined; viewer: TeamViewer };

const forms = leadFormNames;

const formLabel = Object.fromEntries(forms) as Record<string, string>;

const views: ReadonlyArray<readonly [InboxView, string]> = [
  ['new-today', 'New today'],
  ['unassigned', 'Unassigned'],
  ['mine', 'Mine'],
  ['handled', 'Handled'],
  ['all', 'All'],
];

/** A view's count as read: at most 1,000 rows are counted. */
const shownCount = (count: number) => (count > 999 ? '999+' : String(count));

const ago = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
/** How long ago, in words ("3 hours ago"); the exact time in the member's zone is its tooltip and datetime. */
function howLongAgo(iso: string, now: number): string {
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  if (minutes > -60) return ago.format(Math.min(minutes, 0), 'minute');
  const hours = Math.round(minutes / 60);
  if (hours > -24) return ago.format(hours, 'hour');
  return ago.format(Math.round(hours / 24), 'day');
}

function ViewTabs({
  current,
  counts,
  query,
}: {
  current: InboxView;
  counts: Record<InboxView, number>;
  query: Record<string, string>;
}) {
  const narrowed = Object.keys(query).some((name) => name !== 'view');
  return (
    <nav aria-label="Views" className="mb-2">
      <ul className="flex flex-wrap gap-1.5">
        {views.map(([view, label]) => (
          <li key={view}>
            <a
              href={`/team/leads?view=${view}`}
              className={`inline-flex min-h-9 items-center gap-1 rounded-full border px-3 text-sm ${view === current ? 'border-brand-700 bg-brand-700 text-white' : 'border-ink-400 bg-white text-ink-900'}`}
              {...(view === current ? { 'aria-current': 'page' as const } : {})}
            >
              {label} ({shownCount(counts[view])})
            </a>
          </li>
        ))}
      </ul>
      {narrowed && <p className="mt-1 text-sm text-ink-700">The filters below narrow this view.</p>}
    </nav>
  );
}

function Choice({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="team-label">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ''} className="team-input">
        <option value="">Any</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The leads inbox (D41): newest first, a page at a time. The filters are a GET form, so a view
 * can be shared by its URL; a search is a POST, so nothing typed in it reaches a URL (D31).
 */
export function LeadsPage({ csrf, viewer, query, now, inboxView, counts, rows, next, search, members, notice }: Props) {
  const nextQuery = next ? new URLSearchParams({ ...query, after: next }).toString() : '';
  const back = search ? '?list=search' : `?${new URLSearchParams(query).toString()}`;
  const filtered = Object.keys(query).some((name) => name !== 'view');
  return (
    <>
      <PageTitle>{search ? 'Search results' : 'Leads'}</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      {inboxView && counts && <ViewTabs current={inboxView} counts={counts} query={query} />}
      <div className="mb-3 grid gap-2 lg:grid-cols-3">
        {mayUseRoute(viewer, 'POST /team/leads/search') && (
          <PostForm
            action="/team/leads/search"
            csrf={csrf}
            className="team-card lg:order-last"
            role="search"
            aria-label="Search the leads"
            noValidate
          >
            <label htmlFor="search-q" className="team-label">
              Search
            </label>
            <p id="search-hint" className="mb-2 text-sm text-ink-700">
              {may(viewer.role, 'contacts.see')
                ? 'A name, a company, a phone number as the customer says it, part of an address, or @domain.'
                : 'A name or a company. Your role sees addresses and phone numbers masked, so it cannot search by them.'}
            </p>
            {search?.problem && <Problem id="search-problem">{search.problem}</Problem>}
            <input
              id="search-q"
              name="q"
              type="text"
              autoComplete="off"
              defaultValue={search?.q ?? ''}
              className="team-input mb-3"
              aria-describedby={search?.problem ? 'search-hint search-problem' : 'search-hint'}
              {...(search?.problem ? { 'aria-invalid': true } : {})}
            />
            <button className="team-button w-full">Search</button>
          </PostForm>
        )}
        {/* Folded, so on a phone the leads come first; open while a filter is set. Works without script. */}
        <details className="rounded-xl border border-ink-100 bg-white px-4 py-1 sm:px-6 lg:col-span-2" open={filtered}>
          <summary className="min-h-11 cursor-pointer content-center font-semibold">
            Filters{filtered ? ' (set)' : ''}
          </summary>
          <form
            method="get"
            action="/team/leads"
            className="mt-3 mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
            aria-label="Filters"
          >
            {inboxView && <input type="hidden" name="view" value={inboxView} />}
            <Choice name="form" label="Form" value={query.form} options={forms} />
            <Choice
              name="status"
              label="Status"
              value={query.status}
              options={[
                ['new', 'New'],
                ['handled', 'Handled'],
              ]}
            />
            <Choice
              name="assignee"
              label="Assigned to"
              value={query.assignee}
              options={[
                ['mine', 'Me'],
                ['nobody', 'Nobody'],
                ...members.map((member) => [member.id, member.name] as const),
              ]}
            />
            <Choice
              name="language"
              label="Language"
              value={query.language}
              options={[
                ['en', 'English'],
                ['fr', 'French'],
              ]}
            />
            <div>
              <label htmlFor="filter-source" className="team-label">
                Source
              </label>
              <input
                id="filter-source"
                name="source"
                type="text"
                defaultValue={query.source ?? ''}
                className="team-input"
                aria-describedby="filter-source-hint"
              />
              <p id="filter-source-hint" className="mt-1 text-sm text-ink-700">
                As on the Marketing page, in any case: newsletter, direct, api…
              </p>
            </div>
            {(['medium', 'campaign'] as const).map((name) => (
              <div key={name}>
                <label htmlFor={`filter-${name}`} className="team-label capitalize">
                  {name}
                </label>
                <input
                  id={`filter-${name}`}
                  name={name}
                  type="text"
                  defaultValue={query[name] ?? ''}
                  className="team-input"
                  aria-describedby="filter-none-hint"
                />
              </div>
            ))}
            <p id="filter-none-hint" className="text-sm text-ink-700 sm:col-span-2 lg:col-span-3">
              (none) finds leads whose link named no medium or campaign.
            </p>
            <div>
              <label htmlFor="filter-from" className="team-label">
                From
              </label>
              <input id="filter-from" name="from" type="date" defaultValue={query.from ?? ''} className="team-input" />
            </div>
            <div>
              <label htmlFor="filter-to" className="team-label">
                To
              </label>
              <input id="filter-to" name="to" type="date" defaultValue={query.to ?? ''} className="team-input" />
            </div>
            <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
              <button className="team-button">Show leads</button>
              <a href={`/team/leads${inboxView ? `?view=${inboxView}` : ''}`} className="team-button-quiet">
                Clear
              </a>
              {mayUseRoute(viewer, 'GET /team/leads/export') && (
                <a
                  href={`/team/leads/export?${new URLSearchParams(query).toString()}`}
                  className="team-button-quiet"
                  download
                >
                  Export these leads (CSV)
                </a>
              )}
            </div>
          </form>
        </details>
      </div>
      {rows.length === 0 ? (
        <p className="team-card text-ink-700">{search?.problem ? 'Nothing was searched.' : 'No leads match.'}</p>
      ) : (
        <ol className="grid gap-3" aria-label="Leads, newest first">
          {rows.map((row) => (
            <li key={row.id} className="team-card grid gap-1 sm:grid-cols-[1fr_auto]">
              <div className="min-w-0">
                <a href={`/team/leads/${row.id}${back}`} className="team-link break-words">
                  {row.name || row.email}
                </a>
                <span className="text-ink-700">
                  {row.company && ` · ${row.company}`} · {row.email}
                </span>
                <p className="truncate text-sm text-ink-900" lang={row.language}>
                  {row.demoAt ? `Demo asked for ${formatTime(row.demoAt, viewer.zone)}` : row.preview}
                </p>
              </div>
              <p className="text-sm text-ink-700 sm:text-right">
                {formLabel[row.form]} · {row.source ?? 'source not known'} ·{' '}
                <time dateTime={row.receivedAt} title={formatTime(row.receivedAt, viewer.zone)}>
                  {howLongAgo(row.receivedAt, Date.parse(now))}
                </time>
                <br />
                {row.status === 'handled' ? 'Handled' : 'New'} · {row.assignee ? row.assignee : 'Unassigned'}
                {row.language === 'fr' && (
                  <>
                    {' · '}
                    <span lang="fr">Français</span>
                  </>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
      {next && !search && (
        <p className="mt-4">
          <a href={`/team/leads?${nextQuery}`} className="team-button-quiet">
            Older leads
          </a>
        </p>
      )}
      {next && search && (
        <PostForm action="/team/leads/search" csrf={csrf} className="mt-4">
          <input type="hidden" name="q" value={search.q} />
          <input type="hidden" name="after" value={next} />
          <button className="team-button-quiet">Older results</button>
        </PostForm>
      )}
    </>
  );
}
