/** Tests for MCP servers and providers: a client, transcripts, schema validation, contract suites. */
module dev.reservoir.testkit {
    requires transitive dev.reservoir.server;
    requires transitive org.junit.jupiter.api;
    requires transitive org.assertj.core;
    requires com.networknt.schema;
    requires com.tngtech.archunit;

    exports dev.reservoir.testkit;

    // The contract suites' test methods are inherited by the user's test classes: JUnit calls them.
    opens dev.reservoir.testkit to
            org.junit.platform.commons;
}
