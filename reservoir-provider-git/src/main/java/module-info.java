/** Git repositories (their commits, branches and trees) as MCP resources, with JGit. */
module dev.reservoir.provider.git {
    requires transitive dev.reservoir.server;
    requires org.apache.tika.core;
    requires org.eclipse.jgit;
    // directory-watcher has no Automatic-Module-Name: this name comes from its file name.
    requires directory.watcher;
    requires org.slf4j;
    // Tika and JGit are automatic modules, which cannot declare what they need: the named modules
    // they use are required here so that the module path resolves them.
    requires org.apache.commons.io; // Tika
    requires org.apache.commons.codec; // JGit
    requires com.googlecode.javaewah; // JGit

    exports dev.reservoir.provider.git;

    provides dev.reservoir.server.spi.ResourceProviderFactory with
            dev.reservoir.provider.git.GitProviderFactory;
}
