package dev.reservoir.provider.jdbc.catalog;

import java.time.Instant;

/**
 * What the stats resource of a table shows; any field may be null when the engine does not know it.
 *
 * @param rowEstimate the number of rows, estimated or counted
 * @param rowEstimateSource how it was found ("planner estimate", "exact count", "at least (count stopped)")
 * @param tableBytes the size of the table's own data on disk
 * @param totalBytes with indexes and TOAST
 * @param lastAnalyzed when statistics were last gathered
 * @param lastVacuumed when it was last vacuumed (PostgreSQL)
 * @param deadRows rows waiting for vacuum (PostgreSQL)
 */
public record TableStats(
        Long rowEstimate,
        String rowEstimateSource,
        Long tableBytes,
        Long totalBytes,
        Instant lastAnalyzed,
        Instant lastVacuumed,
        Long deadRows) {}
