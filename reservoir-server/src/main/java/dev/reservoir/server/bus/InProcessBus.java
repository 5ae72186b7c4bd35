package dev.reservoir.server.bus;

/** The default bus: a change goes straight to the subscribers of this process, on the caller's thread. */
final class InProcessBus implements NotificationBus {

    private volatile Delivery delivery;

    @Override
    public void start(Delivery delivery) {
        this.delivery = delivery;
    }

    @Override
    public void publish(Change change) {
        Delivery target = delivery;
        if (target != null) {
            target.deliver(change);
        }
    }

    @Override
    public BusStatus status() {
        return BusStatus.IN_PROCESS;
    }

    @Override
    public void close() {
        delivery = null;
    }
}
