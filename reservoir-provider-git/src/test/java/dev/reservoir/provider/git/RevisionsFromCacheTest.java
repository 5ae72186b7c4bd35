package dev.reservoir.provider.git;

/**
 * {@link RevisionsTest} again with refs older than {@link RefCache#SETTLE}, so that ref lookups are
 * answered by the ref cache (and by JGit again for a while after a test changes a ref).
 */
class RevisionsFromCacheTest extends RevisionsTest {

    @Override
    void prepare(TestRepo git) {
        git.settleRefs();
    }
}
