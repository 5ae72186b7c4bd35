/** Annotated methods as MCP resources and templates. */
module dev.reservoir.annotations {
    requires transitive dev.reservoir.server;

    exports dev.reservoir.annotations;
}
