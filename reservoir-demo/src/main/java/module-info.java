/** A demonstration server with generated resources, for trying clients and the console. */
module dev.reservoir.demo {
    requires transitive dev.reservoir.server;
    requires transitive dev.reservoir.transport.stdio;

    exports dev.reservoir.demo;
}
