package dev.reservoir.cli;

import picocli.CommandLine.IVersionProvider;

/** The version printed by --version, from the jar's manifest. */
final class VersionProvider implements IVersionProvider {

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"reservoir " + version(), "Java " + Runtime.version()};
    }
}
