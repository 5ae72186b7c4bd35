package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.JsonRpcRequest;
import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.model.LoggingLevel;
import dev.reservoir.core.protocol.Cancellation;
import dev.reservoir.core.protocol.Errors;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.server.internal.rpc.InFlight;
import dev.reservoir.server.internal.rpc.Reply;
import dev.reservoir.server.internal.rpc.RpcConnection;
import dev.reservoir.server.internal.rpc.RpcHandler;
import dev.reservoir.server.spi.RequestObserver;
import dev.reservoir.server.transport.ConnectionInfo;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MCP side of one connection's requests: finds the request's era and revision
 * ({@link RequestContexts}), then calls its method's handler from the one table ({@link McpMethod}
 * to handler). Whatever a handler throws is mapped here ({@link ErrorMapper}).
 */
final class Dispatcher implements RpcHandler {

    private static final Logger log = LoggerFactory.getLogger(Dispatcher.class);

    /** Stands for the answer of a request that was cancelled or timed out: never sent. */
    private static final Reply DROPPED = new Reply.Failure(JsonRpcError.internalError());

    /** Answers one request: a handler gets the request's context and its params. */
    @FunctionalInterface
    interface Handler {
        Reply handle(RequestContext ctx, ObjectNode params);

        /** Whether it answers these params at once, without blocking ({@link RpcHandler#answersAtOnce}). */
        default boolean answersAtOnce(ObjectNode params) {
            return false;
        }
    }

    /** A handler that always answers (every method but a listen stream). */
    @FunctionalInterface
    interface Answering {
        JsonWritable answer(RequestContext ctx, ObjectNode params);
    }

    /** What the dispatcher keeps about one request while it runs. */
    private static final class Call {
        volatile WireFormat wire;
        /** Stateless era: the level from the request's _meta, or null (no log messages for it). */
        volatile LoggingLevel logLevel;

        volatile RequestObserver.Observation observation;
    }

    private final Map<McpMethod, Handler> methods;
    private final ServerSettings settings;
    private final Session session;
    private final ConnectionInfo info;
    private final RequestContexts contexts;

    /** @param methods the server's method table ({@link #table}), shared by its connections */
    Dispatcher(Map<McpMethod, Handler> methods, ServerSettings settings, Session session, ConnectionInfo info) {
        this.methods = methods;
        this.settings = settings;
        this.session = session;
        this.info = info;
        this.contexts = new RequestContexts(settings, session);
    }

    /** The handler of each method this server answers (opt-in methods only when they are on). */
    static Map<McpMethod, Handler> table(
            Features features,
            Lifecycle lifecycle,
            ResourceMethods resources,
            SubscriptionMethods subscriptions,
            ToolMethods tools,
            SkillMethods skills) {
        Map<McpMethod, Handler> table = new EnumMap<>(McpMethod.class);
        table.put(McpMethod.INITIALIZE, answers(lifecycle::initialize));
        table.put(McpMethod.PING, answers((ctx, params) -> lifecycle.ping(ctx), params -> true));
        table.put(McpMethod.LOGGING_SET_LEVEL, answers(lifecycle::setLevel));
        table.put(McpMethod.SERVER_DISCOVER, answers((ctx, params) -> lifecycle.discover(ctx)));
        table.put(McpMethod.RESOURCES_LIST, answers(resources::list));
        table.put(McpMethod.RESOURCES_TEMPLATES_LIST, answers(resources::templates));
        table.put(McpMethod.RESOURCES_READ, answers(resources::read, resources::readsAtOnce));
        table.put(McpMethod.RESOURCES_METADATA, answers(resources::metadata));
        table.put(McpMethod.COMPLETION_COMPLETE, answers(resources::complete));
        table.put(McpMethod.RESOURCES_SUBSCRIBE, answers(subscriptions::subscribe));
        table.put(McpMethod.RESOURCES_UNSUBSCRIBE, answers(subscriptions::unsubscribe));
        table.put(McpMethod.SUBSCRIPTIONS_LISTEN, subscriptions::listen);
        table.put(McpMethod.TOOLS_LIST, answers(tools::list));
        table.put(McpMethod.TOOLS_CALL, answers(tools::call));
        table.put(McpMethod.SKILLS_LIST, answers(skills::list));
        table.put(McpMethod.SKILLS_GET, answers(skills::get));
        table.put(McpMethod.RESOURCES_DIRECTORY_READ, answers(skills::directoryRead));
        table.keySet().removeIf(method -> !features.serves(method));
        return Map.copyOf(table);
    }

    private static Handler answers(Answering handler) {
        return (ctx, params) -> new Reply.Answer(handler.answer(ctx, params));
    }

    /** A handler that always answers, and says which of its requests it answers at once. */
    private static Handler answers(Answering handler, java.util.function.Predicate<ObjectNode> atOnce) {
        return new Handler() {
            @Override
            public Reply handle(RequestContext ctx, ObjectNode params) {
                return new Reply.Answer(handler.answer(ctx, params));
            }

            @Override
            public boolean answersAtOnce(ObjectNode params) {
                return atOnce.test(params);
            }
        };
    }

    @Override
    public boolean answersAtOnce(JsonRpcRequest request) {
        McpMethod method = McpMethod.fromWire(request.method()).orElse(null);
        Handler handler = method == null ? null : methods.get(method);
        return handler != null && handler.answersAtOnce(request.params());
    }

    @Override
    public boolean runsInline(JsonRpcRequest request) {
        McpMethod method = McpMethod.fromWire(request.method()).orElse(null);
        return method != null && method.changesSession();
    }

    @Override
    public Reply handle(JsonRpcRequest request, InFlight inFlight) {
        Call call = new Call();
        inFlight.attach(call);
        call.observation = observe(request);
        try {
            return dispatch(request, inFlight, call);
        } catch (Throwable t) {
            if (inFlight.state() != InFlight.State.RUNNING) {
                return DROPPED; // cancelled or timed out: the interrupt was ours, and nothing more is sent
            }
            JsonRpcError error = ErrorMapper.toError(t, call.wire, request.method());
            if (error.code() == ErrorCodes.INTERNAL_ERROR) {
                clientLog(
                        inFlight,
                        LoggingLevel.ERROR,
                        request.method() + " failed with an internal error; the server's log has the details");
            }
            return new Reply.Failure(error);
        }
    }

    private Reply dispatch(JsonRpcRequest request, InFlight inFlight, Call call) {
        McpMethod method = McpMethod.fromWire(request.method()).orElse(null);
        Handler handler = method == null ? null : methods.get(method);
        if (handler == null) {
            throw new McpException(Errors.methodNotFound(request.method()));
        }
        RequestContext ctx = contexts.of(request, method, inFlight, level -> call.logLevel = level);
        call.wire = ctx.wire();
        if (!method.existsIn(ctx.revision())) {
            throw new McpException(Errors.methodNotInRevision(method, ctx.revision()));
        }
        return handler.handle(ctx, request.params());
    }

    @Override
    public void notification(JsonRpcNotification notification, RpcConnection connection) {
        switch (notification.method()) {
            case McpMethods.NOTIFICATION_INITIALIZED -> log.debug("The client is initialized");
            case McpMethods.NOTIFICATION_CANCELLED -> {
                RequestId requestId = Cancellation.requestId(notification.params());
                if (requestId != null) {
                    connection.cancel(requestId);
                }
            }
            default -> log.debug("Ignoring notification {}", notification.method());
        }
    }

    @Override
    public Optional<JsonRpcError> batchRefusal() {
        ProtocolRevision revision = session.revision();
        if (revision != null && revision.allowsBatches()) {
            return Optional.empty();
        }
        String why = revision == null
                ? "a batch needs a session initialized with protocol 2025-03-26"
                : "protocol " + revision + " does not allow JSON-RPC batches";
        return Optional.of(Errors.batchRefused(why));
    }

    @Override
    public void failed(InFlight inFlight, JsonRpcError error) {
        if (inFlight.state() == InFlight.State.TIMED_OUT) {
            clientLog(
                    inFlight,
                    LoggingLevel.WARNING,
                    inFlight.method() + " timed out after "
                            + settings.requestTimeout().toMillis() + " ms");
        }
    }

    /** The server's log has the details of a failure; the client gets a sentence, if it asked for log messages. */
    private void clientLog(InFlight inFlight, LoggingLevel level, String text) {
        Call call = inFlight.attachment() instanceof Call c ? c : null;
        WireFormat wire = call == null ? null : call.wire;
        boolean stateless = wire != null && wire.revision().isStateless();
        session.clientLog(inFlight.replies(), stateless, call == null ? null : call.logLevel, level, text);
    }

    private RequestObserver.Observation observe(JsonRpcRequest request) {
        RequestObserver observer = settings.observer();
        if (observer == null) {
            return null;
        }
        String id = request.id() instanceof RequestId.Str text
                ? text.value()
                : request.id().toString();
        try {
            return observer.started(new RequestObserver.Request(
                    request.method(), id, request.params(), info.sessionId(), info.transport()));
        } catch (RuntimeException e) {
            log.warn("The request observer failed; {} is answered without it", request.method(), e);
            return null;
        }
    }

    @Override
    public void ended(InFlight inFlight, JsonRpcError error) {
        Call call = inFlight.attachment() instanceof Call c ? c : null;
        if (call == null || call.observation == null) {
            return;
        }
        try {
            call.observation.ended(outcome(inFlight, call.wire, error));
        } catch (RuntimeException e) {
            log.warn("The request observer failed at the end of {}", inFlight.method(), e);
        }
    }

    private static RequestObserver.Outcome outcome(InFlight inFlight, WireFormat wire, JsonRpcError error) {
        ProtocolRevision revision = wire == null ? null : wire.revision();
        return switch (inFlight.state()) {
            case CANCELLED -> new RequestObserver.Outcome(RequestObserver.Outcome.Kind.CANCELLED, 0, null, revision);
            case TIMED_OUT ->
                new RequestObserver.Outcome(
                        RequestObserver.Outcome.Kind.TIMED_OUT, ErrorCodes.INTERNAL_ERROR, "timed out", revision);
            default ->
                error == null
                        ? new RequestObserver.Outcome(RequestObserver.Outcome.Kind.ANSWERED, 0, null, revision)
                        : new RequestObserver.Outcome(
                                RequestObserver.Outcome.Kind.FAILED, error.code(), error.message(), revision);
        };
    }
}
