/** The reservoir command line: serve folders, repositories and databases; ls, read, info, watch, find. */
module dev.reservoir.cli {
    requires dev.reservoir.server;
    requires dev.reservoir.transport.stdio;
    requires dev.reservoir.transport.http;
    requires dev.reservoir.demo;
    requires dev.reservoir.client;
    requires dev.reservoir.provider.fs;
    requires dev.reservoir.console;
    requires dev.reservoir.bus.redis;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires info.picocli;
    requires org.slf4j;
    requires jdk.unsupported;

    exports dev.reservoir.cli;

    // picocli sets the commands' option fields; Jackson binds the YAML settings to ServeConfig.
    opens dev.reservoir.cli to
            info.picocli,
            com.fasterxml.jackson.databind;

    uses dev.reservoir.server.spi.ResourceProviderFactory;
}
