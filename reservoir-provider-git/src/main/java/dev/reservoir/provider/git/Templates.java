package dev.reservoir.provider.git;

import dev.reservoir.core.model.ResourceTemplate;
import java.util.List;

/** The URI templates of a repository, in the order resources/templates/list shows them. */
final class Templates {

    private Templates() {}

    static List<ResourceTemplate> of(GitUris uris) {
        String name = uris.name();
        return List.of(
                template(
                        uris,
                        "tree/{+ref}/{+path}",
                        name + "-tree",
                        "A file or folder at a revision of " + name,
                        "ref is a branch, tag or commit id (a ref with '/' in its name is found by the longest match); "
                                + "path is below the root (empty for the root folder)"),
                template(
                        uris,
                        "blob/{+ref}/{+path}",
                        name + "-blob",
                        "A file at a revision of " + name,
                        "The same as tree/, in the shape of GitHub's file links"),
                template(
                        uris,
                        "commit/{+rev}",
                        name + "-commit",
                        "A commit of " + name,
                        "Message, author, dates, parents and changed files (text/plain), and the patch (text/x-diff)"),
                template(
                        uris,
                        "log/{+ref}{?path,limit}",
                        name + "-log",
                        "The history of " + name,
                        "Commits reachable from ref, newest first, one per line; path limits it to a file or folder; "
                                + "limit is 1 to 10000 (default 100)"),
                template(
                        uris,
                        "compare/{+base}...{+head}{?path}",
                        name + "-compare",
                        "A comparison of two revisions of " + name,
                        "What head adds since its merge base with base: commits, changed files and patch "
                                + "(two dots instead of three compare the trees directly)"),
                template(
                        uris,
                        "blame/{+ref}/{+path}",
                        name + "-blame",
                        "Who last changed each line of a file in " + name,
                        "In the format of git blame --porcelain"));
    }

    private static ResourceTemplate template(GitUris uris, String rest, String name, String title, String description) {
        return ResourceTemplate.builder(uris.template(rest), name)
                .title(title)
                .description(description)
                .build();
    }
}
