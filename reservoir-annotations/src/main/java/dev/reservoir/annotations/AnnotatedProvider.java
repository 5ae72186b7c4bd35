package dev.reservoir.annotations;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.uri.UriTemplateMatch;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ProviderTemplate;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.UriSpace;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The annotated methods of one object as a provider: fixed resources by URI (held, since their
 * URIs share no prefix the server could route by), templates by their text. Immutable; thread-safe.
 */
final class AnnotatedProvider implements ResourceProvider {

    private final String name;
    private final Map<String, Endpoint> resources = new LinkedHashMap<>();
    private final Map<String, Endpoint> templates = new LinkedHashMap<>();
    private final List<ProviderTemplate> declared = new ArrayList<>();

    /** Throws IllegalArgumentException naming the method and the fix when one cannot be served. */
    AnnotatedProvider(Object bean, Class<?> type) {
        this.name = "annotated methods of " + type.getName();
        for (Method method : methods(type)) {
            Resource resource = method.getAnnotation(Resource.class);
            ResourceTemplate template = method.getAnnotation(ResourceTemplate.class);
            if (resource != null && template != null) {
                throw new IllegalArgumentException(
                        Endpoint.describe(method) + " is both a @Resource and a @ResourceTemplate: keep one");
            }
            if (resource != null) {
                Endpoint endpoint = Endpoint.resource(bean, method, resource);
                if (resources.putIfAbsent(endpoint.resource().uri(), endpoint) != null) {
                    throw new IllegalArgumentException("resource '"
                            + endpoint.resource().uri() + "' is served by two methods of " + type.getName());
                }
            } else if (template != null) {
                Endpoint endpoint = Endpoint.template(bean, method, template);
                templates.put(endpoint.template().uriTemplate(), endpoint);
                declared.add(ProviderTemplate.of(endpoint.template()));
            }
        }
        if (resources.isEmpty() && templates.isEmpty()) {
            throw new IllegalArgumentException(
                    type.getName() + " has no @Resource or @ResourceTemplate method (dev.reservoir.annotations)");
        }
    }

    /** Declared methods of the type and its superclasses, in a stable order (by name, then parameters). */
    private static List<Method> methods(Class<?> type) {
        List<Method> all = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            List<Method> own = new ArrayList<>(List.of(c.getDeclaredMethods()));
            own.sort(Comparator.comparing(Method::getName).thenComparing(Method::toGenericString));
            all.addAll(own);
        }
        return all;
    }

    @Override
    public UriSpace space() {
        return UriSpace.holding(resources::containsKey);
    }

    @Override
    public List<ProviderTemplate> templates() {
        return List.copyOf(declared);
    }

    @Override
    public Page<dev.reservoir.core.model.Resource> list(ListRequest request) {
        if (request.parent() != null) {
            return Page.last(List.of()); // annotated resources are leaves
        }
        List<Endpoint> all = List.copyOf(resources.values());
        int from = request.cursor() == null ? 0 : position(request.cursor());
        int to = Math.min(all.size(), from + request.limit());
        List<dev.reservoir.core.model.Resource> page =
                all.subList(from, to).stream().map(Endpoint::resource).toList();
        return Page.of(page, to < all.size() ? Integer.toString(to) : null);
    }

    private static int position(String cursor) {
        try {
            return Math.max(0, Integer.parseInt(cursor));
        } catch (NumberFormatException e) {
            return 0; // the server signs cursors, so only our own come back
        }
    }

    @Override
    public Optional<Metadata> metadata(ResourceRequest request) {
        Endpoint endpoint = find(request.uri().toString(), request.match());
        return endpoint == null
                ? Optional.empty()
                : Optional.of(Metadata.of(endpoint.describe(request.uri().toString())));
    }

    @Override
    public ReadResult read(ReadRequest request) {
        String uri = request.uri().toString();
        Endpoint endpoint = find(uri, request.match());
        if (endpoint == null) {
            throw new ResourceNotFoundException(uri);
        }
        return endpoint.read(request.uri(), request.match(), request.context());
    }

    private Endpoint find(String uri, UriTemplateMatch match) {
        if (match != null) {
            return templates.get(match.template().template());
        }
        return resources.get(uri);
    }

    @Override
    public String toString() {
        return name;
    }
}
