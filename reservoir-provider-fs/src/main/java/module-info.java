/** Folders as MCP resources. */
module dev.reservoir.provider.fs {
    requires transitive dev.reservoir.server;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires org.apache.tika.core;
    requires org.eclipse.jgit;
    // directory-watcher has no Automatic-Module-Name: this name comes from its file name.
    requires directory.watcher;
    requires org.slf4j;

    exports dev.reservoir.provider.fs;

    provides dev.reservoir.server.spi.ResourceProviderFactory with
            dev.reservoir.provider.fs.FolderProviderFactory;
}
