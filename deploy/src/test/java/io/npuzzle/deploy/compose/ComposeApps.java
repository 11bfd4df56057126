package io.npuzzle.deploy.compose;

import io.npuzzle.deploy.app.AppModule;
import io.npuzzle.deploy.app.AppRun;
import io.npuzzle.deploy.app.Durations;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The apps' Compose services, seen as {@link AppRun}s. */
final class ComposeApps {

    /** Compose's default stop_grace_period. */
    private static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);
    private static final Pattern TCP = Pattern.compile("/dev/tcp/localhost/(\\d+)");
    private static final Pattern GET = Pattern.compile("GET (\\S+) HTTP");

    private ComposeApps() {
    }

    /** The service named after the module runs that app; its health check is what gates its dependants. */
    static AppRun run(ComposeFile compose, String module) {
        ComposeFile.Service service = compose.service(module);
        List<AppRun.Probe> probes = new ArrayList<>();
        String test = service.healthcheckTest();
        Matcher port = TCP.matcher(test);
        Matcher path = GET.matcher(test);
        if (port.find() && path.find()) {
            probes.add(new AppRun.Probe("readiness", path.group(1), Integer.parseInt(port.group(1))));
        }
        Duration grace = service.string("stop_grace_period").map(Durations::compose).orElse(DEFAULT_GRACE);
        OptionalInt cpus = service.string("cpus")
                .map(value -> OptionalInt.of((int) Math.ceil(Double.parseDouble(value)))).orElse(OptionalInt.empty());
        return new AppRun("docker-compose.yml " + module, AppModule.of(module), service.string("image").orElse(""),
                service.environment(), probes, cpus, Duration.ZERO, grace);
    }
}
