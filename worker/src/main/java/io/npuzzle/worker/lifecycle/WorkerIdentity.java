package io.npuzzle.worker.lifecycle;

import io.npuzzle.worker.config.WorkerConfig;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** The name this worker process gives itself in logs, solve locks and published outcomes. */
@ApplicationScoped
public class WorkerIdentity {

    private final String id;

    WorkerIdentity(WorkerConfig config) {
        this.id = config.id().orElseGet(() -> hostName() + "-" + ProcessHandle.current().pid());
    }

    public String id() {
        return id;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "worker";
        }
    }
}
