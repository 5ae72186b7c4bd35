package dev.reservoir.core.uri;

import dev.reservoir.core.uri.Part.Expression;
import dev.reservoir.core.uri.Part.Literal;
import dev.reservoir.core.uri.Part.VarSpec;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An RFC 6570 URI template that expands (level 4) and matches URIs (levels 1-3 plus explode, no prefix
 * modifiers), refusing unsafe variable values by default; immutable and thread-safe, arguments never null.
 */
public final class UriTemplate {

    private final String template;
    private final List<Part> parts;
    private final List<String> variableNames;
    private final MatchCompiler.Compiled matcher; // null when a prefix modifier makes the template unmatchable
    private final ValueCheck check;

    // Inputs of UriTemplateTable.SPECIFICITY and of its prefix index, computed once.
    final int literalLength;
    final int variableCount;
    final int reservedCount;
    final int explodedCount;
    final String literalPrefix;

    private UriTemplate(String template, List<Part> parts, MatchCompiler.Compiled matcher, ValueCheck check) {
        this.template = template;
        this.parts = parts;
        this.matcher = matcher;
        this.check = check;
        Set<String> names = new LinkedHashSet<>();
        int literals = 0;
        int variables = 0;
        int reserved = 0;
        int exploded = 0;
        for (Part part : parts) {
            // An if chain, not a pattern switch: a session's first requests make no class at run time
            // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
            if (part instanceof Literal literal) {
                literals += literal.text().length();
            } else if (part instanceof Expression e) {
                for (VarSpec spec : e.variables()) {
                    names.add(spec.name());
                    variables++;
                    reserved += e.operator().allowsReserved ? 1 : 0;
                    exploded += spec.explode() ? 1 : 0;
                }
            }
        }
        this.variableNames = List.copyOf(names);
        this.literalLength = literals;
        this.variableCount = variables;
        this.reservedCount = reserved;
        this.explodedCount = exploded;
        this.literalPrefix = !parts.isEmpty() && parts.get(0) instanceof Literal first ? first.encoded() : "";
    }

    /** Parses {@code template}; throws {@link UriTemplateException} naming the problem and its index. */
    public static UriTemplate parse(String template) {
        Objects.requireNonNull(template, "template");
        List<Part> parts = TemplateParser.parse(template);
        boolean matchable = parts.stream()
                .noneMatch(
                        p -> p instanceof Expression e && e.variables().stream().anyMatch(v -> v.prefix() > 0));
        return new UriTemplate(template, parts, matchable ? MatchCompiler.compile(parts) : null, ValueCheck.PATH);
    }

    /** The template text as parsed. */
    public String template() {
        return template;
    }

    /** The distinct variable names in order of first appearance. */
    public List<String> variableNames() {
        return variableNames;
    }

    /** Whether {@link #match} is supported: false when the template uses a prefix modifier such as {@code :3}. */
    public boolean isMatchable() {
        return matcher != null;
    }

    /** Whether {@link #match} skips the safety checks on decoded values (see {@link #withUnsafeValuesAllowed}). */
    public boolean unsafeValuesAllowed() {
        return check == ValueCheck.NONE;
    }

    /**
     * A copy whose {@link #match} accepts NULs, {@code ..} segments and encoded separators in values (it
     * still refuses invalid UTF-8); for templates whose values are not used as paths.
     */
    public UriTemplate withUnsafeValuesAllowed() {
        return withValueCheck(ValueCheck.NONE);
    }

    /** How {@link #match} decodes and vets values ({@link ValueCheck#PATH} unless a copy said otherwise). */
    public ValueCheck valueCheck() {
        return check;
    }

    /** A copy whose {@link #match} decodes and vets values as {@code check} says. */
    public UriTemplate withValueCheck(ValueCheck check) {
        Objects.requireNonNull(check, "check");
        return check == this.check ? this : new UriTemplate(template, parts, matcher, check);
    }

    /**
     * Expands the template (RFC 6570 level 4). Values may be strings or other objects (their
     * {@code toString()}), {@link java.util.Collection}s (lists) or {@link Map}s (associative arrays, in
     * iteration order); null, absent, empty lists and empty maps are undefined. Throws
     * {@link UriTemplateException} when a prefix modifier meets a list or map.
     */
    public String expand(Map<String, ?> variables) {
        Objects.requireNonNull(variables, "variables");
        return TemplateExpander.expand(template, parts, variables);
    }

    /**
     * Matches the whole of {@code uri}; the values are percent-decoded. Empty when it does not match (or is
     * longer than {@link UriValidator#MAX_LENGTH}); throws {@link UnsafeVariableException} when it matches but
     * a value is unsafe, and {@link IllegalStateException} when the template is not {@linkplain #isMatchable
     * matchable}.
     */
    public Optional<UriTemplateMatch> match(String uri) {
        Objects.requireNonNull(uri, "uri");
        List<List<String>> captures = capture(uri);
        return captures == null
                ? Optional.empty()
                : VariableDecoder.decode(this, uri, matcher.slots(), captures, check);
    }

    /** Whether {@code uri} fits the template's shape, without decoding or vetting values. */
    boolean fits(String uri) {
        return capture(uri) != null;
    }

    private List<List<String>> capture(String uri) {
        if (matcher == null) {
            throw new IllegalStateException("template '" + UriChars.excerpt(template)
                    + "' uses a prefix modifier, so it can expand but not match; remove the ':n' to match with it");
        }
        return uri.length() > UriValidator.MAX_LENGTH ? null : matcher.program().run(uri);
    }

    /** Equal when the template strings are equal (whether unsafe values are allowed does not count). */
    @Override
    public boolean equals(Object o) {
        return o instanceof UriTemplate other && template.equals(other.template);
    }

    @Override
    public int hashCode() {
        return template.hashCode();
    }

    /** The template string. */
    @Override
    public String toString() {
        return template;
    }

    /** The parsed parts (immutable), for the table's witnesses. */
    List<Part> parts() {
        return parts;
    }
}
