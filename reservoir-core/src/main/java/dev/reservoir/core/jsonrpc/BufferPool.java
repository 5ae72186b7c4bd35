package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.core.util.RecyclerPool;
import java.io.Serial;

/**
 * Where the codec's parsers and generators get their buffers. A platform thread keeps one set of
 * its own, as Jackson's default pool does: the transports' threads (stdio's reader, Jetty's) parse
 * and write every message, and taking a set from a shared pool and giving it back, under that
 * pool's lock, was a sixth of decoding a small request. A virtual thread, which lives for one
 * request, takes a set from a shared pool, bounded so that a load peak leaves no more behind than
 * the bound (an unbounded one kept 212 MiB of heap after 10,000 reads at once); past the bound it
 * gets fresh buffers that the collector reclaims.
 *
 * <p>A thread's own set is never linked to a pool, so releasing it gives nothing back: its buffers
 * stay in it for the thread's next parser or generator. A parser and a generator alive at once on
 * one thread share the set safely: each buffer slot is taken and given back atomically, and a
 * taken one is made anew.
 */
final class BufferPool implements RecyclerPool<BufferRecycler> {

    @Serial
    private static final long serialVersionUID = 1L;

    private final RecyclerPool<BufferRecycler> shared;
    private final transient ThreadLocal<BufferRecycler> own = ThreadLocal.withInitial(BufferRecycler::new);

    BufferPool(int sharedSets) {
        this.shared = JsonRecyclerPools.newBoundedPool(sharedSets);
    }

    @Override
    public BufferRecycler acquireAndLinkPooled() {
        return Thread.currentThread().isVirtual() ? shared.acquireAndLinkPooled() : own.get();
    }

    @Override
    public BufferRecycler acquirePooled() {
        return Thread.currentThread().isVirtual() ? shared.acquirePooled() : own.get();
    }

    /** Only the shared pool's sets are linked, so only they come back here. */
    @Override
    public void releasePooled(BufferRecycler recycler) {
        shared.releasePooled(recycler);
    }

    /** The sets the shared pool holds (threads' own sets are not counted). */
    @Override
    public int pooledCount() {
        return shared.pooledCount();
    }

    @Override
    public boolean clear() {
        return shared.clear();
    }
}
