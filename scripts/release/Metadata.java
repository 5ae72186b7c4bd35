import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * One jar's native-image metadata (legacy JSON files), resolved against its runtime class path:
 * what it registers, and a problem for every name in it that does not exist.
 */
final class Metadata {

    private final String artifactId;
    private final List<Path> classpath;
    private final ClassLoader loader;
    private final Problems problems;
    private final Set<String> reflected = new TreeSet<>();
    private final List<Pattern> resourcePatterns = new ArrayList<>();
    private Set<String> resourceNames;

    Metadata(String artifactId, List<Path> classpath, ClassLoader loader, Problems problems) {
        this.artifactId = artifactId;
        this.classpath = classpath;
        this.loader = loader;
        this.problems = problems;
    }

    /** The classes registered for reflection. */
    Set<String> reflected() {
        return reflected;
    }

    /** Whether a resource pattern of this jar's metadata includes {@code name}. */
    boolean includesResource(String name) {
        return resourcePatterns.stream().anyMatch(p -> p.matcher(name).matches());
    }

    int reflection(JsonNode entries) {
        for (JsonNode entry : entries) {
            String name = entry.path("name").asText();
            Class<?> type = load(name);
            if (type == null) {
                continue;
            }
            reflected.add(name);
            for (JsonNode field : NativeImageCheck.orEmpty(entry.get("fields"))) {
                try {
                    type.getDeclaredField(field.path("name").asText());
                } catch (NoSuchFieldException e) {
                    problems.add("native-image", artifactId + ": no field " + name + "." + field.path("name").asText());
                }
            }
            for (JsonNode method : NativeImageCheck.orEmpty(entry.get("methods"))) {
                checkMethod(type, method);
            }
            if (entry.path("allRecordComponents").asBoolean() && !type.isRecord()) {
                problems.add("native-image", artifactId + ": " + name + " is not a record (allRecordComponents)");
            }
        }
        return entries.size();
    }

    private void checkMethod(Class<?> type, JsonNode method) {
        String name = method.path("name").asText();
        List<Class<?>> parameters = new ArrayList<>();
        for (JsonNode p : NativeImageCheck.orEmpty(method.get("parameterTypes"))) {
            Class<?> parameter = load(p.asText());
            if (parameter == null) {
                return;
            }
            parameters.add(parameter);
        }
        Class<?>[] types = parameters.toArray(Class<?>[]::new);
        try {
            if (name.equals("<init>")) {
                type.getDeclaredConstructor(types);
            } else {
                type.getDeclaredMethod(name, types);
            }
        } catch (NoSuchMethodException e) {
            problems.add("native-image", artifactId + ": no method " + type.getName() + "." + name + parameters);
        }
    }

    int resources(JsonNode config) throws Exception {
        int count = 0;
        for (JsonNode include : NativeImageCheck.orEmpty(config.path("resources").get("includes"))) {
            Pattern pattern = Pattern.compile(include.path("pattern").asText());
            resourcePatterns.add(pattern);
            if (resourceNames == null) {
                resourceNames = NativeImageCheck.resourceNames(classpath);
            }
            if (resourceNames.stream().noneMatch(n -> pattern.matcher(n).matches())) {
                problems.add("native-image", artifactId + ": resource pattern " + pattern + " matches nothing");
            }
            count++;
        }
        for (JsonNode bundle : NativeImageCheck.orEmpty(config.get("bundles"))) {
            String name = bundle.path("name").asText();
            try {
                ResourceBundle.getBundle(name, Locale.ROOT, loader);
            } catch (RuntimeException e) {
                problems.add("native-image", artifactId + ": bundle " + name + " does not load: " + e.getMessage());
            }
            count++;
        }
        return count;
    }

    int proxies(JsonNode entries) {
        for (JsonNode entry : entries) {
            JsonNode interfaces = entry.isArray() ? entry : entry.path("interfaces");
            for (JsonNode type : interfaces) {
                load(type.asText());
            }
        }
        return entries.size();
    }

    private Class<?> load(String name) {
        try {
            return switch (name) {
                case "boolean" -> boolean.class;
                case "byte" -> byte.class;
                case "char" -> char.class;
                case "short" -> short.class;
                case "int" -> int.class;
                case "long" -> long.class;
                case "float" -> float.class;
                case "double" -> double.class;
                default -> name.endsWith("[]")
                        ? load(name.substring(0, name.length() - 2)).arrayType()
                        : Class.forName(name, false, loader);
            };
        } catch (ClassNotFoundException | LinkageError | NullPointerException e) {
            problems.add("native-image", artifactId + ": class " + name + " is not on its runtime class path");
            return null;
        }
    }
}
