import { changelogPath } from '@/lib/docs/changelog';
import { isGroupOpen, navigation } from '@/lib/docs/pages';

/**
 * The docs' navigation tree. Groups are <details>, open when the URL is inside them (spec "Screens and routes"),
 * so they collapse and expand without any JavaScript. On small screens the whole tree sits
 * behind a menu button, another <details>.
 */
export function DocsNav({ currentPath }: { currentPath: string }) {
  const tree = (
    <ul className="flex flex-col gap-4">
      {navigation.map((group) => (
        <li key={group.path}>
          <details open={isGroupOpen(group, currentPath)} className="group/nav">
            <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-2 py-1.5 text-sm font-semibold text-ink-900 hover:bg-ink-50 [&::-webkit-details-marker]:hidden">
              {group.title}
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-4 text-ink-600 transition group-open/nav:rotate-90"
              >
                <path d="M7 5l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </summary>
            <ul className="mt-1 flex flex-col border-l border-ink-100 pl-2">
              {group.items.map((item) => {
                const current = item.path === currentPath;
                return (
                  <li key={item.path}>
                    <a
                      href={item.path}
                      aria-current={current ? 'page' : undefined}
                      className={`block rounded-md px-3 py-1.5 text-sm ${
                        current ? 'bg-brand-50 font-semibold text-brand-800' : 'text-ink-700 hover:text-brand-800'
                      }`}
                    >
                      {item.title}
                    </a>
                  </li>
                );
              })}
            </ul>
          </details>
        </li>
      ))}
      <li>
        <a
          href={changelogPath}
          aria-current={currentPath === changelogPath ? 'page' : undefined}
          className={`block rounded-md px-2 py-1.5 text-sm font-semibold ${
            currentPath === changelogPath ? 'bg-brand-50 text-brand-800' : 'text-ink-900 hover:bg-ink-50'
          }`}
        >
          Changelog
        </a>
      </li>
      <li>
        <a
          href="/developers/openapi.yaml"
          download
          className="block rounded-md px-2 py-1.5 text-sm text-ink-700 hover:text-brand-800"
        >
          Download the OpenAPI document
        </a>
      </li>
    </ul>
  );
  return (
    <nav
      aria-label="Documentation"
      className="lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)] lg:self-start lg:overflow-y-auto lg:py-8"
    >
      <details className="group/menu border-b border-ink-100 py-2 lg:hidden">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-2 text-sm font-semibold text-ink-900 [&::-webkit-details-marker]:hidden">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
            <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" />
          </svg>
          Docs menu
        </summary>
        <div className="pt-3 pb-2">{tree}</div>
      </details>
      <div className="hidden lg:block">{tree}</div>
    </nav>
  );
}
