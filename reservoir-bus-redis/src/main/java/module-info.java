/** A notification bus over Redis pub/sub, for servers that scale out. */
module dev.reservoir.bus.redis {
    requires transitive dev.reservoir.server;
    requires lettuce.core;
    requires org.slf4j;

    exports dev.reservoir.bus.redis;
}
