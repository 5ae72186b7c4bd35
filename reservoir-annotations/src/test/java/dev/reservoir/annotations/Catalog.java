package dev.reservoir.annotations;

import dev.reservoir.core.ResourceNotFoundException;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/** Annotated methods as a user writes them: the fixture of the tests and of the README's example. */
public class Catalog {

    /** What a template may be asked for. */
    public enum Format {
        SUMMARY,
        FULL
    }

    /** Sent as JSON. */
    public record Book(long id, String title, List<String> authors) {}

    @Resource(
            uri = "catalog://about",
            title = "About the catalog",
            description = "What this catalog holds",
            annotations = @Resource.ResourceAnnotations(audience = "user", priority = 0.5))
    public String about() {
        return "A catalog of two books.";
    }

    @Resource(uri = "catalog://cover.png", mimeType = "image/png")
    public byte[] cover() {
        return new byte[] {(byte) 0x89, 'P', 'N', 'G'};
    }

    @ResourceTemplate(uriTemplate = "catalog://books/{id}", name = "book", title = "A book by its id")
    public Optional<Book> book(long id) {
        return id == 1 ? Optional.of(new Book(1, "Dune", List.of("Frank Herbert"))) : Optional.empty();
    }

    @ResourceTemplate(uriTemplate = "catalog://books/{id}/{format}", name = "book-in-format")
    public String bookIn(@ResourceTemplateArg(name = "id") int number, Format format, URI uri) {
        if (number != 1) {
            throw new ResourceNotFoundException(uri.toString());
        }
        return format == Format.FULL ? "Dune, by Frank Herbert (1965)" : "Dune";
    }
}
