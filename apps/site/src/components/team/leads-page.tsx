import type { TeamPage, TeamViewer } from '@growmail/contracts/team';
import { may, mayUseRoute } from '@growmail/contracts/team-access';
import { formatTime, Notice, PageTitle, PostForm, Problem } from './team-parts';

type Props = Omit<Extract<TeamPage, { view: 'leads' }>, 'view'> & { csrf: string | undefined; viewer: TeamViewer };

const forms = [
  ['enquiry', 'Enquiry'],
  ['demo', 'Demo request'],
  ['startup', 'Startup programme'],
  ['savings', 'Savings estimate'],
] as const;

const formLabel = Object.fromEntries(forms) as Record<string, string>;

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
export function LeadsPage({ csrf, viewer, query, rows, next, search, members, notice }: Props) {
  const nextQuery = next ? new URLSearchParams({ ...query, after: next }).toString() : '';
  return (
    <>
      <PageTitle>{search ? 'Search results' : 'Leads'}</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      <div className="mb-6 grid gap-4 lg:grid-cols-3">
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
        <form
          method="get"
          action="/team/leads"
          className="team-card grid gap-3 sm:grid-cols-2 lg:col-span-2 lg:grid-cols-3"
          aria-label="Filters"
        >
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
              As on the Marketing page: newsletter, direct, api…
            </p>
          </div>
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
            <a href="/team/leads" className="team-button-quiet">
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
      </div>
      {rows.length === 0 ? (
        <p className="team-card text-ink-700">{search?.problem ? 'Nothing was searched.' : 'No leads match.'}</p>
      ) : (
        <ol className="grid gap-3" aria-label="Leads, newest first">
          {rows.map((row) => (
            <li key={row.id} className="team-card grid gap-1 sm:grid-cols-[1fr_auto]">
              <div className="min-w-0">
                <a href={`/team/leads/${row.id}`} className="team-link break-words">
                  {row.name || row.email}
                </a>
                <p className="text-sm break-words text-ink-700">
                  {row.email}
                  {row.company && ` · ${row.company}`}
                </p>
              </div>
              <div className="text-sm text-ink-700 sm:text-right">
                <p>
                  {formLabel[row.form]} ·{' '}
                  <span lang={row.language}>{row.language === 'fr' ? 'Français' : 'English'}</span>
                </p>
                <p>
                  {row.status === 'handled' ? 'Handled' : 'New'} ·{' '}
                  {row.assignee ? `Assigned to ${row.assignee}` : 'Unassigned'}
                </p>
                <p>Source: {row.source ?? 'not known'}</p>
                <p>{formatTime(row.receivedAt, viewer.zone)}</p>
              </div>
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
