package dev.reservoir.transport.stdio;

/**
 * How one reading thread groups the answers to a burst (requests that wait in the input behind
 * the one being run) into writes. Fewer writes cost both sides less (the client reads fewer
 * times), but answers held back leave the client waiting. So the first answer of a burst goes out
 * alone, at once, and the client starts on it while the server makes the rest. After it, answers
 * made from memory (cheap: the client, not the server, is then what limits the pace) go out 2, 4,
 * 8... together, and answers that may wait (a folder's, a database's: the server limits the pace,
 * and a client woken more often takes the cores it needs) all together; at most {@code most} in
 * one write either way. The last answer before the input runs dry always goes out.
 *
 * <p>At 16 reads in flight, the first answer alone gave 1.04x-1.12x the reads from memory of
 * holding up to 32 from the start (three runs), and the doubling after it 1.12x more (two runs).
 * Doubling after the first was 0.87x on a folder's reads (PROFILE.md, thirty-first pass).
 */
final class AnswerGroups {

    private final int most;
    /** Answers left unflushed since the last flush. */
    private int held;
    /** How many answers the next write carries. */
    private int group = 1;

    AnswerGroups(int most) {
        if (most < 1) {
            throw new IllegalArgumentException("most must be at least 1, not " + most);
        }
        this.most = most;
    }

    /**
     * Whether the answer being sent may stay in the buffer; false when it is to be flushed, with
     * any held before it.
     *
     * @param more whether the next request already waits in the input
     * @param quick whether the request was answered at once (from memory)
     */
    boolean hold(boolean more, boolean quick) {
        if (more && held + 1 < group) {
            held++;
            return true;
        }
        held = 0;
        group = !more ? 1 : quick ? Math.min(group * 2, most) : most;
        return false;
    }

    /** What was held went out another way (the flush before a wait for input): the next answer starts a burst. */
    void burstEnded() {
        held = 0;
        group = 1;
    }
}
