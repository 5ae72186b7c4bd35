package dev.reservoir.cli;

import dev.reservoir.client.McpClient;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code reservoir find SERVER PATTERN}: resources whose name, title or description match. */
@Command(
        name = "find",
        mixinStandardHelpOptions = true,
        description = {
            "Search resources by name, title or description.",
            "Lists those whose name, title or description contain PATTERN (ignoring case), or match it as a"
                    + " regular expression with --regex (checked before connecting). Contents are not searched."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  reservoir find stdio:\"reservoir serve ~/docs\" invoice",
            "  reservoir find SERVER -E '^report-20[0-9]{2}\\.pdf$'"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCodes.E0,
            ExitCodes.E1,
            ExitCodes.E2,
            ExitCodes.E3,
            ExitCodes.E5,
            ExitCodes.E6,
            ExitCodes.E7,
            ExitCodes.E130
        })
final class FindCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ClientOptions options;

    @Parameters(index = "1", paramLabel = "PATTERN", description = "Text to look for (or a regex with --regex).")
    String pattern;

    @Option(
            names = {"-E", "--regex"},
            description = "PATTERN is a regular expression (Java syntax).")
    boolean regex;

    @Option(names = "--templates", description = "Also search the resource templates.")
    boolean templates;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Predicate<String> matches;
        try {
            matches = matcher(pattern, regex);
        } catch (PatternSyntaxException e) {
            err.println("reservoir find: not a regular expression: " + e.getDescription());
            err.flush();
            return ExitCodes.USAGE;
        }
        Terminal terminal = ReservoirCommand.terminal(spec);
        try (McpClient client = options.connect()) {
            List<Resource> found = Resources.list(client, null, err, terminal).stream()
                    .filter(r -> anyMatches(matches, r.name(), r.title(), r.description()))
                    .toList();
            List<ResourceTemplate> foundTemplates = templates
                    ? client.templates()
                            .filter(t -> anyMatches(matches, t.name(), t.title(), t.description()))
                            .toList()
                    : null;
            if (options.json) {
                Listing.json(found, foundTemplates, out);
            } else {
                if (!found.isEmpty()) {
                    Listing.table(found, terminal.stdout() ? terminal.columns() : 0, out);
                }
                if (foundTemplates != null && !foundTemplates.isEmpty()) {
                    if (!found.isEmpty()) {
                        out.println();
                    }
                    Listing.templates(foundTemplates, out);
                }
            }
            out.flush();
            boolean none = found.isEmpty() && (foundTemplates == null || foundTemplates.isEmpty());
            if (none && !options.json) {
                err.println("reservoir find: nothing matches '" + pattern + "'");
                err.flush();
            }
            return none ? ExitCodes.NO_MATCH : ExitCodes.OK;
        } catch (Exception e) {
            return ExitCodes.report("find", e, err);
        }
    }

    static Predicate<String> matcher(String pattern, boolean regex) {
        if (regex) {
            Pattern compiled = Pattern.compile(pattern, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
            return s -> compiled.matcher(s).find();
        }
        String needle = pattern.toLowerCase(Locale.ROOT);
        return s -> s.toLowerCase(Locale.ROOT).contains(needle);
    }

    private static boolean anyMatches(Predicate<String> matches, String... fields) {
        return Stream.of(fields).anyMatch(f -> f != null && matches.test(f));
    }
}
