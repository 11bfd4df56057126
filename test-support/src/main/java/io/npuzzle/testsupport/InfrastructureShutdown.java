package io.npuzzle.testsupport;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Stops the shared servers when the test run ends, while the JVM is still whole: stopping a broker from a
 * shutdown hook races the JVM's exit.
 */
public class InfrastructureShutdown implements LauncherSessionListener {

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        TestInfrastructure.stopShared();
    }
}
