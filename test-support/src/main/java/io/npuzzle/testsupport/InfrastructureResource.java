package io.npuzzle.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.Map;

/** Points a {@code @QuarkusTest} application at the JVM's shared broker and Redis; Dev Services stay off. */
public class InfrastructureResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return TestInfrastructure.shared().serviceConfig();
    }

    @Override
    public void stop() {
        // The servers outlive each application: they stop with the JVM.
    }
}
