/**
 * A background loop's rhythm, shared by the mail outbox, the webhook events, housekeeping and
 * the demo reminders: one round at a time, another right after when asked during one, and a
 * poll every `pollMs` once started. `stop` waits for the round in progress.
 */
export function rounds(run: (isClosed: () => boolean) => Promise<void>, onError: (error: unknown) => void) {
  let round: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  function flush(): Promise<void> {
    if (round) {
      again = true;
      return round;
    }
    round = (async () => {
      try {
        do {
          again = false;
          await run(() => closed);
        } while (again && !closed);
      } catch (error) {
        onError(error);
      } finally {
        round = null;
      }
    })();
    return round;
  }

  return {
    flush,
    nudge: () => {
      if (!closed) void flush();
    },
    start(pollMs: number) {
      const tick = () => {
        timer = setTimeout(() => void flush().finally(() => !closed && tick()), pollMs);
        timer.unref();
      };
      void flush();
      tick();
    },
    async stop() {
      closed = true;
      if (timer) clearTimeout(timer);
      await round;
    },
  };
}
