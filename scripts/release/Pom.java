import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** A pom.xml (or maven-metadata.xml) read with the JDK's DOM parser; elements are found by path. */
record Pom(Element root) {

    static Pom read(Path file) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(false);
            return new Pom(factory.newDocumentBuilder().parse(file.toFile()).getDocumentElement());
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The trimmed text of the element at {@code path} ("a/b/c" below the root), if there is one. */
    Optional<String> text(String path) {
        return element(path).map(e -> e.getTextContent().trim()).filter(s -> !s.isEmpty());
    }

    Optional<Element> element(String path) {
        List<Element> found = elements(path);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    /** Every element at {@code path}, in document order. */
    List<Element> elements(String path) {
        List<Element> current = List.of(root);
        for (String name : path.split("/")) {
            List<Element> next = new ArrayList<>();
            for (Element e : current) {
                next.addAll(children(e, name));
            }
            current = next;
        }
        return current;
    }

    static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                out.add(e);
            }
        }
        return out;
    }

    static String childText(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.get(0).getTextContent().trim();
    }
}
