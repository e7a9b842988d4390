import type { ClientDirective } from 'astro';

/** `client:interaction={{ shortcuts: ['/', 'Mod+k'] }}`: keys that press the island's first button from anywhere. */
export type InteractionOptions = { shortcuts?: string[] };

export const triggers = ['pointerdown', 'keydown', 'focusin', 'click'] as const;

/**
 * client:interaction: the island's JavaScript loads on the first press, key or focus inside
 * it (or on one of its shortcuts), so a page that is only read loads none. What the visitor
 * did before React was ready is then done again: clicks on a button and keys are dispatched
 * anew, so the first click copies and the first arrow key moves between tabs. Focus needs
 * nothing: hydration keeps the server's elements.
 */
const interaction: ClientDirective = (load, options, el) => {
  const { shortcuts = [] } = (typeof options.value === 'object' ? options.value : {}) as InteractionOptions;
  const missed: Event[] = [];
  const viaShortcut = new Set<Event>();
  let started = false;

  const record = (event: Event) => {
    if (!event.isTrusted || missed.includes(event)) return;
    missed.push(event);
    void start();
  };
  const onShortcut = (event: KeyboardEvent) => {
    if (!shortcuts.some((shortcut) => matches(event, shortcut))) return;
    event.preventDefault();
    viaShortcut.add(event);
    record(event);
  };

  const start = async () => {
    if (started) return;
    started = true;
    const hydrate = await load();
    await hydrate();
    // Inside an island not hydrated yet, Astro hydrates this one after it.
    if (el.hasAttribute('ssr')) await new Promise((done) => el.addEventListener('astro:hydrate', done, { once: true }));
    for (const type of triggers) el.removeEventListener(type, record, true);
    window.removeEventListener('keydown', onShortcut, true);
    for (const event of missed) {
      const target = event.target instanceof Element ? event.target : null;
      if (viaShortcut.has(event)) el.querySelector('button')?.click();
      // An island inside this one replays its own events.
      else if (target?.isConnected && target.closest('astro-island') === el) replay(event, target);
    }
  };

  for (const type of triggers) el.addEventListener(type, record, true);
  if (shortcuts.length > 0) window.addEventListener('keydown', onShortcut, true);
};

/** The same click or key again, now that React listens: a click presses its button once more. */
function replay(event: Event, target: Element) {
  if (event.type === 'click') target.closest('button')?.click();
  else if (event instanceof KeyboardEvent) target.dispatchEvent(new KeyboardEvent('keydown', event));
}

/** 'Mod+k' is Ctrl+K or ⌘K; a plain key does not count while the visitor types in a field. */
function matches(event: KeyboardEvent, shortcut: string): boolean {
  const withModifier = shortcut.startsWith('Mod+');
  if (event.key !== shortcut.replace(/^Mod\+/, '')) return false;
  if (withModifier) return event.ctrlKey || event.metaKey;
  const typing = event.target instanceof Element && event.target.closest('input, textarea, select, [contenteditable]');
  return !typing && !event.ctrlKey && !event.metaKey && !event.altKey;
}

export default interaction;
