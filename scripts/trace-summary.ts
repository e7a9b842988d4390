/** What a Chrome trace says the renderer's main thread did, for scripts/bench-trace.ts. */

export type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; documentLoaderURL?: string } };
};

/** What a trace event's time counts as, in the words of Chrome's Performance panel. */
const kinds: Record<string, string> = {
  // From the 'blink' category: what Chrome's own panel leaves as "other".
  'DocumentLoader::CommitNavigation': 'navigation',
  'LocalWindowProxy::Initialize': 'script context',
  'HTMLParserScriptRunner::execute': 'script',
  'SVGImage::DataChanged': 'SVG image documents',
  'FontFace::DidLoad': 'fonts',
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  UpdateLayoutTree: 'style',
  'Document::updateStyleAndLayoutTree': 'style',
  'Document::rebuildLayoutTree': 'style',
  ScheduleStyleRecalculation: 'style',
  InvalidateLayout: 'layout',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  'LocalFrameView::RunPrePaintLifecyclePhase': 'paint',
  Commit: 'paint',
  EvaluateScript: 'script',
  'v8.compile': 'script',
  'v8.compileModule': 'script',
  'v8.evaluateModule': 'script',
  FunctionCall: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  'V8.GCScavenger': 'GC',
  MajorGC: 'GC',
  MinorGC: 'GC',
  'Decode Image': 'images',
  ImageDecodeTask: 'images',
  'Decode LazyPixelRef': 'images',
  ResourceReceivedData: 'network',
  ResourceSendRequest: 'network',
  ResourceFinish: 'network',
  'FontCache::GetFontPlatformData': 'fonts',
};

const taskNames = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

export type Summary = {
  busyMs: number;
  byKind: Record<string, number>;
  longTasks: { startMs: number; durMs: number; work: string }[];
};

const longTaskMs = 50;

/**
 * The renderer's main thread that parsed the page (the CrRendererMain with the most HTML
 * parsing), from the page's navigation on. Tasks are the thread's outermost RunTask events; each
 * is split into the self time of the work inside it (a child's time is taken out of its
 * parent's, so nothing counts twice), and a task over 50 ms is named by its largest kinds.
 */
export function summarise(events: TraceEvent[]): Summary {
  const parsing = new Map<string, number>();
  for (const event of events)
    if (event.name === 'ParseHTML' && event.ph === 'X') {
      const thread = `${event.pid}/${event.tid}`;
      parsing.set(thread, (parsing.get(thread) ?? 0) + (event.dur ?? 0));
    }
  const thread = [...parsing].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!thread) throw new Error('No renderer thread parsed HTML in the trace');
  const ours = events
    .filter((event) => `${event.pid}/${event.tid}` === thread && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const pid = Number(thread.split('/')[0]);
  const navigation = events.find(
    (event) => event.name === 'navigationStart' && event.pid === pid && event.args?.data?.documentLoaderURL,
  )?.ts;
  const start = navigation ?? ours[0]?.ts ?? 0;

  const byKind: Record<string, number> = {};
  const longTasks: Summary['longTasks'] = [];
  let busy = 0;
  let index = 0;
  while (index < ours.length) {
    const task = ours[index]!;
    const end = task.ts + (task.dur ?? 0);
    let next = index + 1;
    while (next < ours.length && ours[next]!.ts + (ours[next]!.dur ?? 0) <= end) next += 1;
    const inside = ours.slice(index + 1, next);
    index = next;
    if (!taskNames.has(task.name) || task.ts < start) continue;
    const self = selfTimes(task, inside);
    busy += task.dur ?? 0;
    for (const [kind, us] of Object.entries(self)) byKind[kind] = (byKind[kind] ?? 0) + us;
    if ((task.dur ?? 0) / 1000 > longTaskMs) {
      const work = Object.entries(self)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([kind, us]) => `${kind} ${Math.round(us / 1000)}`)
        .join(', ');
      const urls = [...new Set(inside.map((event) => event.args?.data?.url).filter((url) => url !== undefined))];
      longTasks.push({
        startMs: Math.round((task.ts - start) / 1000),
        durMs: Math.round((task.dur ?? 0) / 1000),
        work:
          urls.length > 0
            ? `${work} (${urls
                .slice(0, 3)
                .map((url) => new URL(url).pathname)
                .join(' ')})`
            : work,
      });
    }
  }
  return {
    busyMs: Math.round(busy / 1000),
    byKind: Object.fromEntries(Object.entries(byKind).map(([kind, us]) => [kind, Math.round(us / 1000)])),
    longTasks,
  };
}

/** Each event's own time (its duration less its direct children's), summed by kind; the rest is "other". */
function selfTimes(task: TraceEvent, inside: TraceEvent[]): Record<string, number> {
  const self: Record<string, number> = {};
  const stack: { event: TraceEvent; kind: string; children: number }[] = [{ event: task, kind: 'other', children: 0 }];
  const close = (until: number) => {
    while (stack.length > 1) {
      const top = stack.at(-1)!;
      if (top.event.ts + (top.event.dur ?? 0) > until) break;
      stack.pop();
      self[top.kind] = (self[top.kind] ?? 0) + (top.event.dur ?? 0) - top.children;
    }
  };
  for (const event of inside) {
    close(event.ts);
    const parent = stack.at(-1)!;
    parent.children += event.dur ?? 0;
    // Work with no kind of its own (a wrapper such as v8.run) is counted as its parent's.
    stack.push({ event, kind: kinds[event.name] ?? parent.kind, children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  self.other = (self.other ?? 0) + (task.dur ?? 0) - stack[0]!.children;
  return self;
}
