package dev.reservoir.cli;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Options bound to fields through picocli's model API instead of its annotations, for {@code
 * reservoir serve}: the command MCP hosts start for every session, so its start is on the way to
 * the first answer. Reading annotations makes the JDK generate a proxy class for every annotation
 * type at run time (no class archive holds them) and parse every annotated member: about 80 ms of a
 * server's start on a fresh JVM, against a few for the same options built here (PROFILE.md, sixth
 * pass). The client commands, started by people, keep their annotations.
 *
 * <p>Each option reads and writes its field through the lambdas given (picocli reads a
 * collection's value to add to it), and starts from the field's value when it is declared, as an
 * annotated field would.
 */
final class Bindings {

    private Bindings() {}

    /** An option of one value (or a flag, for {@code boolean} and {@code Boolean}) bound to a field. */
    static <V> OptionSpec.Builder option(String name, Class<V> type, Supplier<V> get, Consumer<V> set) {
        return OptionSpec.builder(name)
                .type(type)
                .initialValue(get.get())
                .getter(getter(get))
                .setter(setter(get, set));
    }

    /** A repeatable option of strings bound to a list field. */
    static OptionSpec.Builder strings(String name, Supplier<List<String>> get, Consumer<List<String>> set) {
        return OptionSpec.builder(name)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .initialValue(get.get())
                .getter(getter(get))
                .setter(setter(get, set));
    }

    /** Positional parameters of strings bound to a list field. */
    static PositionalParamSpec.Builder positionals(Supplier<List<String>> get, Consumer<List<String>> set) {
        return PositionalParamSpec.builder()
                .type(List.class)
                .auxiliaryTypes(String.class)
                .initialValue(get.get())
                .getter(getter(get))
                .setter(setter(get, set));
    }

    // picocli's IGetter and ISetter have generic methods, which a lambda cannot implement.

    private static <V> IGetter getter(Supplier<V> get) {
        return new IGetter() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> T get() {
                return (T) get.get();
            }
        };
    }

    /** Returns the value before, as picocli's contract asks. */
    private static <V> ISetter setter(Supplier<V> get, Consumer<V> set) {
        return new ISetter() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> T set(T value) {
                V before = get.get();
                set.accept((V) value);
                return (T) before;
            }
        };
    }
}
