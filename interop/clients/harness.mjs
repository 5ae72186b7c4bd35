// Shared helpers for the interop clients. A client talks to its Java test over stdout, one line
// each: "OK <step>" after each step, "FIRE <what> [args]" when it needs the server to change
// something, "DONE" at the end. Anything that goes wrong throws, prints to stderr, exits 1.

export function ok(step) {
  console.log(`OK ${step}`);
}

export function fire(what, ...args) {
  console.log(['FIRE', what, ...args].join(' '));
}

export function check(condition, message) {
  if (!condition) {
    throw new Error(`check failed: ${message}`);
  }
}

export function equal(actual, expected, message) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) {
    throw new Error(`check failed: ${message}: expected ${e}, got ${a}`);
  }
}

/** Waits until predicate() is true, polling; fails after timeoutMs. */
export async function waitFor(predicate, what, timeoutMs = 20000) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A fetch that cuts SSE response bodies short to force disconnects: each response chosen by
 * `select(init)` is cut after the next number of `data:` events in `plan` (then the body fails
 * with a network error, as when a connection drops). Records the Last-Event-ID headers it sent
 * and how many requests of each JSON-RPC method went out.
 */
export function cuttingFetch(plan, select) {
  const stats = { cuts: 0, lastEventIds: [], methods: {} };
  const wrapped = async (input, init = {}) => {
    const method = typeof init.body === 'string' ? /"method":"([^"]+)"/.exec(init.body)?.[1] : undefined;
    if (method) {
      stats.methods[method] = (stats.methods[method] ?? 0) + 1;
    }
    const headers = new Headers(init.headers ?? {});
    const lastEventId = headers.get('last-event-id');
    if (lastEventId) {
      stats.lastEventIds.push(lastEventId);
    }
    const response = await fetch(input, init);
    const type = response.headers.get('content-type') ?? '';
    if (!response.body || !type.startsWith('text/event-stream') || !select(init) || plan.length === 0) {
      return response;
    }
    const limit = plan.shift();
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let seen = 0;
    const body = new ReadableStream({
      async pull(controller) {
        const { value, done } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        controller.enqueue(value);
        seen += (decoder.decode(value, { stream: true }).match(/data: \{/g) ?? []).length;
        if (seen >= limit) {
          stats.cuts++;
          reader.cancel().catch(() => {});
          controller.error(new TypeError('forced disconnect (interop test)'));
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return { fetch: wrapped, stats };
}

/** Runs main(), printing DONE on success and the error on failure (exit code 1). */
export function run(main) {
  const timer = setTimeout(() => {
    console.error('interop client: overall timeout (60 s)');
    process.exit(1);
  }, 60000);
  main()
    .then(() => {
      clearTimeout(timer);
      console.log('DONE');
      process.exit(0);
    })
    .catch((error) => {
      clearTimeout(timer);
      console.error(error?.stack ?? String(error));
      process.exit(1);
    });
}
