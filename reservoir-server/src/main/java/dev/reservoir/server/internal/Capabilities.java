package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.reservoir.core.protocol.Sep2093;
import dev.reservoir.core.protocol.WireFormat;
import java.io.IOException;

/** The server's capabilities as each revision writes them. */
final class Capabilities {

    private Capabilities() {}

    /** Writes the {@code capabilities} field, with the opt-in parts that are on. */
    static void write(JsonGenerator g, WireFormat wire, Features features) throws IOException {
        g.writeObjectFieldStart("capabilities");
        g.writeObjectFieldStart("resources");
        g.writeBooleanField("subscribe", true);
        g.writeBooleanField("listChanged", true);
        g.writeEndObject();
        if (wire.revision().hasLoggingCapability()) {
            g.writeObjectFieldStart("logging");
            g.writeEndObject();
        }
        if (features.tools()) {
            g.writeObjectFieldStart("tools");
            g.writeEndObject();
        }
        if (wire.revision().hasCompletionsCapability()) {
            g.writeObjectFieldStart("completions");
            g.writeEndObject();
        }
        g.writeObjectFieldStart(Sep2093.capabilityGroup(wire.revision()));
        g.writeObjectFieldStart(Sep2093.EXTENSION_ID);
        g.writeEndObject();
        g.writeObjectFieldStart(Sep2093.CAPABILITIES_EXTENSION_ID);
        g.writeEndObject();
        if (features.skills() != null) {
            // SEP-2640: the settings sit inline under the identifier.
            g.writeObjectFieldStart(SkillMethods.EXTENSION_ID);
            if (features.directoryRead()) {
                g.writeBooleanField("directoryRead", true);
            }
            g.writeEndObject();
        }
        g.writeEndObject();
        g.writeEndObject();
    }
}
