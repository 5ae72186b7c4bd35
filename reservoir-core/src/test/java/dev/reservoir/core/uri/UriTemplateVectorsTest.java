package dev.reservoir.core.uri;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/** Runs the community RFC 6570 test vectors (github.com/uri-templates/uritemplate-test) against expansion. */
class UriTemplateVectorsTest {

    /** Cases per file; a loader that silently reads fewer must fail the build, not pass it. */
    private static final Map<String, Integer> FILES = Map.of(
            "spec-examples.json", 64,
            "spec-examples-by-section.json", 117,
            "extended-tests.json", 53,
            "negative-tests.json", 36);

    private static final int TOTAL_CASES = 270;
    private static final AtomicInteger EXECUTED = new AtomicInteger();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TestFactory
    Stream<DynamicNode> vectors() throws IOException {
        List<DynamicNode> files = new ArrayList<>();
        int loaded = 0;
        for (String file : FILES.keySet().stream().sorted().toList()) {
            List<DynamicNode> groups = new ArrayList<>();
            int cases = 0;
            JsonNode root = read(file);
            for (Map.Entry<String, JsonNode> group : root.properties()) {
                List<DynamicNode> tests = cases(group.getValue());
                cases += tests.size();
                groups.add(dynamicContainer(group.getKey(), tests));
            }
            assertThat(cases).as("cases in %s", file).isEqualTo(FILES.get(file));
            loaded += cases;
            files.add(dynamicContainer(file, groups));
        }
        assertThat(loaded).isEqualTo(TOTAL_CASES);
        return files.stream();
    }

    @AfterAll
    static void everyCaseRan() {
        assertThat(EXECUTED.get()).as("vector cases executed").isEqualTo(TOTAL_CASES);
    }

    private static List<DynamicNode> cases(JsonNode group) {
        Map<String, Object> variables = new LinkedHashMap<>();
        group.get("variables").properties().forEach(e -> variables.put(e.getKey(), toJava(e.getValue())));
        List<DynamicNode> tests = new ArrayList<>();
        for (JsonNode testCase : group.get("testcases")) {
            String template = testCase.get(0).asText();
            JsonNode expected = testCase.get(1);
            tests.add(dynamicTest(template + " -> " + expected, () -> {
                check(template, expected, variables);
                EXECUTED.incrementAndGet();
            }));
        }
        return tests;
    }

    private static void check(String template, JsonNode expected, Map<String, Object> variables) {
        if (expected.isBoolean()) {
            assertThat(expected.booleanValue())
                    .as("only 'false' appears as a boolean")
                    .isFalse();
            // Either parse or expand must refuse it: the vectors do not say which.
            assertThatThrownBy(() -> UriTemplate.parse(template).expand(variables))
                    .isInstanceOf(UriTemplateException.class);
            return;
        }
        List<String> accepted = new ArrayList<>();
        if (expected.isArray()) {
            expected.forEach(alternative -> accepted.add(alternative.asText()));
        } else {
            accepted.add(expected.asText());
        }
        assertThat(UriTemplate.parse(template).expand(variables)).isIn(accepted);
    }

    /** Strings stay strings, numbers become their JSON text, arrays lists, objects ordered maps. */
    private static Object toJava(JsonNode node) {
        if (node.isNull()) {
            return null;
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            node.forEach(item -> list.add(toJava(item)));
            return list;
        }
        if (node.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            node.properties().forEach(e -> map.put(e.getKey(), toJava(e.getValue())));
            return map;
        }
        return node.asText();
    }

    private static JsonNode read(String file) throws IOException {
        try (InputStream in = UriTemplateVectorsTest.class.getResourceAsStream("/uritemplate-test/" + file)) {
            assertThat(in).as("test resource %s", file).isNotNull();
            return JSON.readTree(in);
        }
    }
}
