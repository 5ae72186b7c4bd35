/** Git repositories (their commits, branches and trees) as MCP resources, with JGit. */
module dev.reservoir.provider.git {
    requires transitive dev.reservoir.server;
    requires org.apache.tika.core;
    requires org.eclipse.jgit;
    // directory-watcher has no Automatic-Module-Name: this name comes from its file name.
    requires directory.watcher;
    requires org.slf4j;

    exports dev.reservoir.provider.git;

    provides dev.reservoir.server.spi.ResourceProviderFactory with
            dev.reservoir.provider.git.GitProviderFactory;
}
