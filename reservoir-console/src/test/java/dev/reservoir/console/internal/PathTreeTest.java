package dev.reservoir.console.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.model.Resource;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PathTreeTest {

    private static NavigableMap<String, Resource> listed(String... uris) {
        NavigableMap<String, Resource> map = new TreeMap<>();
        for (String uri : uris) {
            boolean folder = uri.endsWith("/") || uri.equals("file:///srv/docs");
            map.put(uri, Resource.builder(uri, uri).isCollection(folder).build());
        }
        return map;
    }

    private static List<String> keys(List<PathTree.Node> nodes) {
        return nodes.stream().map(PathTree.Node::key).toList();
    }

    @Test
    void theRootGroupsBySchemeAndLeavesStayLeaves() {
        var map =
                listed("test://static-text", "test://static-binary", "demo://items/1", "demo://items/2", "demo://blob");
        assertThat(keys(PathTree.children(map, ""))).containsExactly("demo://", "test://");
        List<PathTree.Node> test = PathTree.children(map, "test://");
        assertThat(keys(test)).containsExactly("test://static-binary", "test://static-text");
        assertThat(test).allSatisfy(n -> assertThat(n.expandable()).isFalse());
        List<PathTree.Node> demo = PathTree.children(map, "demo://");
        assertThat(keys(demo)).containsExactly("demo://blob", "demo://items/");
        assertThat(demo.get(1).label()).isEqualTo("items/");
        assertThat(demo.get(1).descendants()).isEqualTo(2);
        assertThat(demo.get(1).resource()).isNull();
    }

    @Test
    void aChainOfSingleGroupsShowsAsOneNodeDownToTheFolderResource() {
        var map = listed("file:///srv/docs", "file:///srv/docs/a.md", "file:///srv/docs/b.md");
        List<PathTree.Node> root = PathTree.children(map, "");
        assertThat(keys(root)).containsExactly("file:///srv/docs");
        assertThat(root.getFirst().label()).isEqualTo("file:///srv/docs");
        assertThat(root.getFirst().resource().uri())
                .as("the folder without a slash is the node")
                .isEqualTo("file:///srv/docs");
        assertThat(keys(PathTree.children(map, "file:///srv/docs")))
                .containsExactly("file:///srv/docs/a.md", "file:///srv/docs/b.md");
    }

    @Test
    void aFolderWithATrailingSlashAndItsChildrenAreOneNode() {
        var map = listed("demo://collection/", "demo://collection/readme.md", "demo://items/1");
        List<PathTree.Node> demo = PathTree.children(map, "demo://");
        assertThat(keys(demo)).containsExactly("demo://collection/", "demo://items/");
        assertThat(demo.getFirst().resource()).isNotNull();
        assertThat(demo.getFirst().expandable()).isTrue();
    }

    @Test
    void aGroupHoldingOneLeafStaysAGroup() {
        var map = listed("x://a/only.txt", "x://b");
        assertThat(keys(PathTree.children(map, "x://"))).containsExactly("x://a/", "x://b");
    }

    @Test
    void opaqueUrisGroupByScheme() {
        var map = listed("urn:isbn:1", "urn:isbn:2");
        assertThat(keys(PathTree.children(map, ""))).containsExactly("urn:");
        assertThat(keys(PathTree.children(map, "urn:"))).containsExactly("urn:isbn:1", "urn:isbn:2");
    }
}
