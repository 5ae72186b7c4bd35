package dev.reservoir.server.internal;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.uri.UriTemplate;
import dev.reservoir.core.uri.UriTemplateMatch;
import dev.reservoir.core.uri.UriTemplateTable;
import dev.reservoir.core.uri.ValueCheck;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.ArgumentCompleter;
import dev.reservoir.server.spi.CallContext;
import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ProviderTemplate;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.TemplateHandler;
import dev.reservoir.server.spi.TemplateRequest;
import dev.reservoir.server.spi.Watch;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides who answers for a URI, in a fixed order: a static resource of the builder first, then
 * the most specific matching template (its handler, or its provider with the match), then the
 * provider whose declared prefix holds the URI, then the providers that say they hold it, in the
 * order they were added. No provider is asked about a URI it did not declare. Immutable after
 * construction; thread-safe.
 */
final class Router {

    private static final Logger log = LoggerFactory.getLogger(Router.class);

    /** Who serves the URIs of one template. */
    sealed interface Owner {
        ResourceTemplate template();
    }

    record HandlerOwner(ResourceTemplate template, TemplateHandler handler, ArgumentCompleter completer)
            implements Owner {}

    record ProviderOwner(ResourceTemplate template, ResourceProvider provider) implements Owner {}

    /** The resolved answerer for one URI. */
    interface Target {
        Optional<Metadata> metadata(CallContext context);

        ReadResult read(ReadOptions options, CallContext context);

        /** Whether {@link #read} answers at once from memory ({@link ResourceProvider#readsFromMemory}). */
        default boolean readsFromMemory() {
            return false;
        }

        /** The children of the URI; an empty last page when it is not a collection. */
        Page<Resource> children(String cursor, int limit, CallContext context);

        Watch watch(ChangeListener listener);
    }

    private final InMemoryProvider statics;
    private final List<ResourceProvider> providers;
    private final UriSpaces spaces;
    private final UriTemplateTable<Owner> table = new UriTemplateTable<>();
    private final Map<String, Owner> byTemplate = new LinkedHashMap<>();

    /** Throws IllegalArgumentException naming the fix when two providers overlap or a template is registered twice. */
    Router(InMemoryProvider statics, List<ResourceProvider> providers, List<TemplateRegistration> registrations) {
        this.statics = statics;
        List<ResourceProvider> all = new ArrayList<>();
        all.add(statics);
        all.addAll(providers);
        this.providers = List.copyOf(all);
        this.spaces = new UriSpaces(providers);
        for (TemplateRegistration registration : registrations) {
            UriTemplate template = UriTemplate.parse(registration.template().uriTemplate());
            add(
                    template.withValueCheck(registration.allowUnsafeValues() ? ValueCheck.NONE : ValueCheck.PATH),
                    new HandlerOwner(registration.template(), registration.handler(), registration.completer()));
        }
        for (ResourceProvider provider : providers) {
            for (ProviderTemplate template : provider.templates()) {
                spaces.requireCovered(provider, template.template().uriTemplate());
                add(
                        UriTemplate.parse(template.template().uriTemplate()).withValueCheck(template.check()),
                        new ProviderOwner(template.template(), provider));
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

    /** Every provider, the builder's static resources first, in the order added. */
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
     * IllegalArgumentException) when the most specific template refuses a value. The URI is parsed
     * only when a provider needs it parsed ({@link Uri}).
     */
    Target resolve(String uri) {
        return resolve(new Uri(uri, null));
    }

    /** {@link #resolve(String)} of a URI already parsed (from its text, which {@code toString()} gives back). */
    Target resolve(URI parsed) {
        return resolve(new Uri(parsed.toString(), parsed));
    }

    private Target resolve(Uri target) {
        String uri = target.text;
        if (statics.contains(uri)) {
            return new ProviderTarget(statics, target, null);
        }
        var hit = table.find(uri);
        if (hit.isPresent()) {
            // Not a pattern switch: a session's first requests make no class at run time
            // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
            return hit.get().owner() instanceof HandlerOwner h
                    ? new HandlerTarget(h.handler(), target, hit.get().match())
                    : new ProviderTarget(
                            ((ProviderOwner) hit.get().owner()).provider(),
                            target,
                            hit.get().match());
        }
        ResourceProvider declared = spaces.declaredOwner(uri);
        if (declared != null) {
            return new ProviderTarget(declared, target, null);
        }
        return new HeldTarget(spaces.holders(uri), target);
    }

    /** What the provider says of a read; a provider that fails to say is asked to read on a thread of its own. */
    private static boolean readsFromMemory(ResourceProvider provider, String uri) {
        try {
            return provider.readsFromMemory(uri);
        } catch (RuntimeException e) {
            log.warn("{}.readsFromMemory failed for {}", provider.getClass().getName(), uri, e);
            return false;
        }
    }

    /**
     * A resolved URI: its text, and its parse once something needs it. A read of the plain form
     * ({@link dev.reservoir.core.uri.UriValidator#isPlainHierarchical}) hands the provider the text
     * alone ({@link ReadRequest#of(String, UriTemplateMatch, ReadOptions, CallContext)}); the other
     * requests of the SPI carry a parsed URI.
     */
    private static final class Uri {
        final String text;
        private volatile URI parsed; // volatile: URI's own fields are not final

        Uri(String text, URI parsed) {
            this.text = text;
            this.parsed = parsed;
        }

        URI parsed() {
            if (parsed == null) {
                parsed = URI.create(text);
            }
            return parsed;
        }

        ReadRequest read(UriTemplateMatch match, ReadOptions options, CallContext context) {
            return parsed != null
                    ? new ReadRequest(parsed, match, options, context)
                    : ReadRequest.of(text, match, options, context);
        }

        @Override
        public String toString() {
            return text;
        }
    }

    private record ProviderTarget(ResourceProvider provider, Uri uri, UriTemplateMatch match) implements Target {
        @Override
        public Optional<Metadata> metadata(CallContext context) {
            return provider.metadata(new ResourceRequest(uri.parsed(), match, context));
        }

        @Override
        public ReadResult read(ReadOptions options, CallContext context) {
            return provider.read(uri.read(match, options, context));
        }

        @Override
        public boolean readsFromMemory() {
            return Router.readsFromMemory(provider, uri.text);
        }

        @Override
        public Page<Resource> children(String cursor, int limit, CallContext context) {
            return provider.list(new ListRequest(uri.parsed(), cursor, limit, match, context));
        }

        @Override
        public Watch watch(ChangeListener listener) {
            return provider.watch(uri.parsed(), listener);
        }
    }

    private record HandlerTarget(TemplateHandler handler, Uri uri, UriTemplateMatch match) implements Target {
        @Override
        public Optional<Metadata> metadata(CallContext context) {
            return handler.metadata(new TemplateRequest(uri.parsed(), match, context))
                    .map(Metadata::of);
        }

        @Override
        public ReadResult read(ReadOptions options, CallContext context) {
            return handler.read(new TemplateRequest(uri.parsed(), match, context), options);
        }

        @Override
        public Page<Resource> children(String cursor, int limit, CallContext context) {
            // Template handlers serve leaves; a collection must come from a provider.
            return Page.last(List.of());
        }

        @Override
        public Watch watch(ChangeListener listener) {
            return Watch.NONE;
        }
    }

    /** Providers that say they hold the URI, asked in order until one has it (none: nothing is there). */
    private record HeldTarget(List<ResourceProvider> holders, Uri uri) implements Target {
        @Override
        public Optional<Metadata> metadata(CallContext context) {
            for (ResourceProvider provider : holders) {
                Optional<Metadata> found = provider.metadata(new ResourceRequest(uri.parsed(), null, context));
                if (found.isPresent()) {
                    return found;
                }
            }
            return Optional.empty();
        }

        @Override
        public ReadResult read(ReadOptions options, CallContext context) {
            for (ResourceProvider provider : holders) {
                try {
                    return provider.read(uri.read(null, options, context));
                } catch (ResourceNotFoundException e) {
                    // The next provider may have it.
                }
            }
            throw new ResourceNotFoundException(uri.text);
        }

        @Override
        public boolean readsFromMemory() {
            for (ResourceProvider provider : holders) {
                if (!Router.readsFromMemory(provider, uri.text)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public Page<Resource> children(String cursor, int limit, CallContext context) {
            for (ResourceProvider provider : holders) {
                if (provider.metadata(new ResourceRequest(uri.parsed(), null, context))
                        .isPresent()) {
                    return provider.list(new ListRequest(uri.parsed(), cursor, limit, null, context));
                }
            }
            throw new ResourceNotFoundException(uri.text);
        }

        @Override
        public Watch watch(ChangeListener listener) {
            List<Watch> watches = new ArrayList<>();
            for (ResourceProvider provider : holders) {
                watches.add(provider.watch(uri.parsed(), listener));
            }
            return () -> watches.forEach(Watch::close);
        }
    }
}
