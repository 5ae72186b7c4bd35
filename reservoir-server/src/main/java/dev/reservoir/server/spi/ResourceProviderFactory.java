package dev.reservoir.server.spi;

import java.util.List;

/**
 * Makes providers of one kind from spec strings ({@code ./docs}, {@code git:./repo},
 * {@code jdbc:postgresql://localhost/app}) and from the kind's section of a configuration file.
 * Found with {@link java.util.ServiceLoader}: a provider jar registers its factory in
 * {@code META-INF/services/dev.reservoir.server.spi.ResourceProviderFactory}, and
 * {@code reservoir serve} then serves that kind. Implementations are stateless and thread-safe.
 */
public interface ResourceProviderFactory {

    /** The kind's name, one lower-case word ({@code folder}, {@code git}, {@code database}). */
    String kind();

    /** One line saying what the kind serves, for {@code reservoir serve --help}. */
    String description();

    /** How a spec of this kind is written, for help and errors ({@code git:PATH[#NAME]}). */
    String syntax();

    /**
     * Whether {@code spec} is of this kind. It may look at the file system (a SQLite file by its
     * header, a folder) but must not connect anywhere; specs of different kinds must not both be
     * accepted (the command line refuses a spec two kinds accept).
     */
    boolean accepts(String spec);

    /**
     * The key of the configuration file's section this kind reads ({@code repositories},
     * {@code databases}), or null when it reads none of its own.
     */
    default String configSection() {
        return null;
    }

    /**
     * The providers for the specs this kind accepted (in the order given, perhaps none) and for the
     * entries of its configuration section ({@link FactoryContext#settings()}). Not started yet:
     * the server calls {@link ResourceProvider#start()}. A kind may open what it serves here, so
     * that a mistake shows before anything is served: the database kind connects, prepares its
     * named queries and starts watching for changes here. Throws IllegalArgumentException with a
     * sentence naming the spec or entry and the fix (a missing folder, a password in a spec, two
     * repositories of one name).
     */
    List<ResourceProvider> create(List<String> specs, FactoryContext context);
}
