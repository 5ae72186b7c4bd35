import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.zip.ZipFile;

/**
 * The calls a jar's classes make to APIs that a native image serves only from reachability
 * metadata (reflection, resources, resource bundles, service loading, proxies, and Jackson data
 * binding, which reflects on the classes it binds), found in the constant pools by javap.
 */
final class ReflectiveCalls {

    /** One call site: the calling class (outer class name) and the API, as "Owner.method". */
    record Call(String caller, String api) implements Comparable<Call> {
        @Override
        public int compareTo(Call o) {
            return (caller + " " + api).compareTo(o.caller + " " + o.api);
        }
    }

    private static final Pattern METHOD_REF =
            Pattern.compile("= (?:Interface)?Methodref\\s+\\S+\\s+// (?:\"?)([\\w/$]+)\\.\"?([\\w<>$]+)\"?:");
    private static final Pattern CLASSFILE = Pattern.compile("^Classfile .*!/(.+)\\.class$");

    private static final Set<String> CLASS_METHODS = Set.of(
            "forName", "getDeclaredConstructor", "getDeclaredConstructors", "getDeclaredMethod",
            "getDeclaredMethods", "getDeclaredField", "getDeclaredFields", "getConstructor", "getConstructors",
            "getMethod", "getMethods", "getField", "getFields", "getRecordComponents", "newInstance",
            "getResource", "getResourceAsStream");
    private static final Set<String> JACKSON_OWNERS = Set.of(
            "com/fasterxml/jackson/databind/ObjectMapper", "com/fasterxml/jackson/databind/json/JsonMapper",
            "com/fasterxml/jackson/dataformat/yaml/YAMLMapper", "com/fasterxml/jackson/databind/ObjectReader",
            "com/fasterxml/jackson/databind/ObjectWriter");
    private static final Set<String> JACKSON_BINDING = Set.of(
            "readValue", "readValues", "treeToValue", "convertValue", "valueToTree", "readerFor",
            "readerForListOf", "readerForMapOf", "writeValue", "writeValueAsString", "writeValueAsBytes",
            "writerFor");

    private ReflectiveCalls() {}

    static Set<Call> in(Path jar) throws Exception {
        List<String> classes = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            zip.stream()
                    .map(e -> e.getName())
                    .filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/") && !n.equals("module-info.class"))
                    .forEach(n -> classes.add(n.substring(0, n.length() - ".class".length()).replace('/', '.')));
        }
        Set<Call> calls = new TreeSet<>();
        for (int i = 0; i < classes.size(); i += 200) {
            calls.addAll(scan(jar, classes.subList(i, Math.min(classes.size(), i + 200))));
        }
        return calls;
    }

    private static Set<Call> scan(Path jar, List<String> classes) {
        List<String> args = new ArrayList<>(List.of("-v", "-cp", jar.toString()));
        args.addAll(classes);
        StringWriter out = new StringWriter();
        ToolProvider javap = ToolProvider.findFirst("javap").orElseThrow();
        int status = javap.run(new PrintWriter(out), new PrintWriter(out), args.toArray(String[]::new));
        if (status != 0) {
            throw new IllegalStateException("javap failed on " + jar + ": " + out);
        }
        Set<Call> calls = new TreeSet<>();
        String caller = null;
        for (String line : out.toString().split("\n")) {
            Matcher file = CLASSFILE.matcher(line.trim());
            if (file.matches()) {
                String name = file.group(1).replace('/', '.');
                caller = name.contains("$") ? name.substring(0, name.indexOf('$')) : name;
                continue;
            }
            Matcher ref = METHOD_REF.matcher(line);
            if (caller != null && ref.find() && isReflective(ref.group(1), ref.group(2))) {
                String owner = ref.group(1);
                calls.add(new Call(caller, owner.substring(owner.lastIndexOf('/') + 1) + "." + ref.group(2)));
            }
        }
        return calls;
    }

    private static boolean isReflective(String owner, String method) {
        return switch (owner) {
            case "java/lang/Class" -> CLASS_METHODS.contains(method);
            case "java/lang/ClassLoader" -> method.startsWith("getResource") || method.startsWith("getSystemResource");
            case "java/util/ServiceLoader" -> method.startsWith("load");
            case "java/util/ResourceBundle" -> method.equals("getBundle");
            case "java/lang/reflect/Proxy" -> method.equals("newProxyInstance");
            case "java/lang/invoke/MethodHandles$Lookup" -> method.startsWith("find") || method.startsWith("unreflect");
            default -> JACKSON_OWNERS.contains(owner) && JACKSON_BINDING.contains(method);
        };
    }
}
