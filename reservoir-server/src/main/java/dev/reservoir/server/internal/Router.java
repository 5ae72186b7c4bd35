package dev.reservoir.server.internal;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.uri.UriTemplate;
import dev.reservoir.core.uri.UriTemplateTable;
import dev.reservoir.server.ArgumentCompleter;
import dev.reservoir.server.TemplateHandler;
import dev.reservoir.server.TemplateRequest;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.Watch;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides who answers for a URI, in a fixed order: a static resource first, then the most
 * specific matching template (its handler or provider), then the providers that own the URI, in
 * the order they were added. Immutable after construction; thread-safe.
 */
final class Router {

    /** Who serves the URIs of one template. */
    sealed interface Owner {
        ResourceTemplate template();
    }

    record HandlerOwner(ResourceTemplate template, TemplateHandler handler, ArgumentCompleter completer)
            implements Owner {}

    record ProviderOwner(ResourceTemplate template, ResourceProvider provider) implements Owner {}

    /** The resolved answerer for one URI. */
    interface Target {
        Optional<Resource> metadata();

        ReadResult read(ReadOptions options);

        Page<Resource> children(ListRequest request);

        Watch watch(ChangeListener listener);
    }

    private final InMemoryProvider statics;
    private final List<ResourceProvider> providers;
    private final UriTemplateTable<Owner> table = new UriTemplateTable<>();
    private final Map<String, Owner> byTemplate = new LinkedHashMap<>();

    Router(List<ResourceProvider> providers, List<TemplateRegistration> registrations) {
        this.statics = (InMemoryProvider) providers.getFirst();
        this.providers = List.copyOf(providers);
        for (TemplateRegistration registration : registrations) {
            UriTemplate template = UriTemplate.parse(registration.template().uriTemplate());
            add(
                    registration.allowUnsafeValues() ? template.withUnsafeValuesAllowed() : template,
                    new HandlerOwner(registration.template(), registration.handler(), registration.completer()));
        }
        for (ResourceProvider provider : this.providers) {
            for (ResourceTemplate template : provider.templates()) {
                add(UriTemplate.parse(template.uriTemplate()), new ProviderOwner(template, provider));
            }
        }
    }

    private void add(UriTemplate template, Owner owner) {
        if (byTemplate.containsKey(template.template())) {
            throw new IllegalArgumentException("template '" + template + "' registered twice");
        }
        table.register(template, owner);
        byTemplate.put(template.template(), owner);
    }

    List<ResourceProvider> providers() {
        return providers;
    }

    /** Every template, in registration order (builder templates first, then providers'). */
    List<ResourceTemplate> templates() {
        return byTemplate.values().stream().map(Owner::template).toList();
    }

    /** The owner of a template given by its text, as completion requests name it. */
    Optional<Owner> templateOwner(String templateText) {
        return Optional.ofNullable(byTemplate.get(templateText));
    }

    /**
     * Resolves a URI that was already validated. Throws UnsafeVariableException (an
     * IllegalArgumentException) when the most specific template refuses a decoded variable.
     */
    Target resolve(String uri) {
        URI parsed = URI.create(uri);
        if (statics.contains(uri)) {
            return new ProviderTarget(statics, parsed);
        }
        var hit = table.find(uri);
        if (hit.isPresent()) {
            return switch (hit.get().owner()) {
                case HandlerOwner h ->
                    new HandlerTarget(
                            h.handler(), new TemplateRequest(parsed, hit.get().match()));
                case ProviderOwner p -> new ProviderTarget(p.provider(), parsed);
            };
        }
        List<ResourceProvider> owners = new ArrayList<>();
        for (int i = 1; i < providers.size(); i++) {
            if (providers.get(i).owns(parsed)) {
                owners.add(providers.get(i));
            }
        }
        return new ChainTarget(owners, parsed);
    }

    private record ProviderTarget(ResourceProvider provider, URI uri) implements Target {
        @Override
        public Optional<Resource> metadata() {
            return provider.metadata(uri);
        }

        @Override
        public ReadResult read(ReadOptions options) {
            return provider.read(uri, options);
        }

        @Override
        public Page<Resource> children(ListRequest request) {
            return provider.list(request);
        }

        @Override
        public Watch watch(ChangeListener listener) {
            return provider.watch(uri, listener);
        }
    }

    private record HandlerTarget(TemplateHandler handler, TemplateRequest request) implements Target {
        @Override
        public Optional<Resource> metadata() {
            return handler.metadata(request);
        }

        @Override
        public ReadResult read(ReadOptions options) {
            return handler.read(request, options);
        }

        @Override
        public Page<Resource> children(ListRequest listRequest) {
            // Template handlers serve leaves; a collection must come from a provider.
            return Page.last(List.of());
        }

        @Override
        public Watch watch(ChangeListener listener) {
            return Watch.NONE;
        }
    }

    /** Providers without a template for the URI, asked in order until one has it. */
    private record ChainTarget(List<ResourceProvider> owners, URI uri) implements Target {
        @Override
        public Optional<Resource> metadata() {
            for (ResourceProvider provider : owners) {
                Optional<Resource> found = provider.metadata(uri);
                if (found.isPresent()) {
                    return found;
                }
            }
            return Optional.empty();
        }

        @Override
        public ReadResult read(ReadOptions options) {
            for (ResourceProvider provider : owners) {
                try {
                    return provider.read(uri, options);
                } catch (ResourceNotFoundException e) {
                    // The next provider may have it.
                }
            }
            throw new ResourceNotFoundException(uri.toString());
        }

        @Override
        public Page<Resource> children(ListRequest request) {
            for (ResourceProvider provider : owners) {
                if (provider.metadata(uri).isPresent()) {
                    return provider.list(request);
                }
            }
            throw new ResourceNotFoundException(uri.toString());
        }

        @Override
        public Watch watch(ChangeListener listener) {
            List<Watch> watches = new ArrayList<>();
            for (ResourceProvider provider : owners) {
                watches.add(provider.watch(uri, listener));
            }
            return () -> watches.forEach(Watch::close);
        }
    }
}
