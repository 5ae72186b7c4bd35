package dev.reservoir.server.internal;

import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.server.spi.SkillCatalog;

/**
 * The opt-in parts of a server, each off unless its builder option is set, so that a server
 * without them sends exactly what it sent before they existed.
 *
 * @param tools the tools bridge: list_resources, read_resource, search_resources as tools
 * @param skills the skills served as the Skills extension (SEP-2640) defines, or null
 * @param directoryRead whether resources/directory/read answers (declared as the Skills
 *     extension's {@code directoryRead}; needs skills)
 */
public record Features(boolean tools, SkillCatalog skills, boolean directoryRead) {

    public static final Features NONE = new Features(false, null, false);

    public Features {
        if (directoryRead && skills == null) {
            throw new IllegalArgumentException(
                    "resources/directory/read is declared by the Skills extension: serve skills too");
        }
    }

    /** Whether a method that only an opt-in part answers is on; true for every other method. */
    boolean serves(McpMethod method) {
        return switch (method) {
            case TOOLS_LIST, TOOLS_CALL -> tools;
            case SKILLS_LIST, SKILLS_GET -> skills != null;
            case RESOURCES_DIRECTORY_READ -> directoryRead;
            default -> true;
        };
    }
}
