package dev.reservoir.core.uri;

import java.util.List;
import java.util.Objects;

/** One piece of a parsed URI template: literal text or an expression; immutable. */
sealed interface Part {

    /** Literal text as written ({@code text}) and as it appears in a URI ({@code encoded}). */
    record Literal(String text, String encoded) implements Part {
        public Literal {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(encoded, "encoded");
        }
    }

    /** An expression such as {@code {/path*,name}}; {@code index} is where its '{' is in the template. */
    record Expression(Operator operator, List<VarSpec> variables, int index) implements Part {
        public Expression {
            Objects.requireNonNull(operator, "operator");
            variables = List.copyOf(variables);
        }
    }

    /** A variable reference: its name, its prefix length (0 for none), and whether it is exploded. */
    record VarSpec(String name, int prefix, boolean explode) {
        public VarSpec {
            Objects.requireNonNull(name, "name");
        }
    }
}
