package io.npuzzle.deploy.image;

import io.npuzzle.deploy.LogicalLines;
import io.npuzzle.deploy.Repository;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The repository's multi-stage Dockerfile, read stage by stage. */
public final class Dockerfile {

    private static final Pattern FROM = Pattern.compile("(?i)FROM\\s+(?:--\\S+\\s+)*(\\S+)(?:\\s+AS\\s+(\\S+))?");
    private static final Pattern ENV_PAIR = Pattern.compile("(\\w+)=(\"(?:[^\"\\\\]|\\\\.)*\"|\\S+)");

    private final Map<String, Stage> stages;

    private Dockerfile(Map<String, Stage> stages) {
        this.stages = stages;
    }

    /** One stage: its base (an image, or an earlier stage), and its instructions in order. */
    public record Stage(String name, String base, List<String> instructions) {

        public List<String> all(String keyword) {
            String prefix = keyword.toUpperCase() + " ";
            return instructions.stream().filter(line -> line.toUpperCase().startsWith(prefix))
                    .map(line -> line.substring(prefix.length()).trim()).toList();
        }
    }

    public static Dockerfile read() {
        Map<String, Stage> stages = new LinkedHashMap<>();
        Stage current = null;
        for (String instruction : LogicalLines.of(Repository.read("Dockerfile"))) {
            Matcher from = FROM.matcher(instruction);
            if (from.matches()) {
                String name = from.group(2) != null ? from.group(2) : "stage-" + stages.size();
                current = new Stage(name, from.group(1), new ArrayList<>());
                stages.put(name, current);
            } else if (current != null) {
                current.instructions().add(instruction);
            }
        }
        return new Dockerfile(stages);
    }

    public Map<String, Stage> stages() {
        return stages;
    }

    public Stage stage(String name) {
        Stage stage = stages.get(name);
        if (stage == null) {
            throw new AssertionError("the Dockerfile has no stage " + name + "; it has " + stages.keySet());
        }
        return stage;
    }

    /** The stage's environment: what its bases set, then its own {@code ENV} lines. */
    public Map<String, String> env(String stageName) {
        Stage stage = stage(stageName);
        Map<String, String> env = stages.containsKey(stage.base()) ? env(stage.base()) : new LinkedHashMap<>();
        for (String line : stage.all("ENV")) {
            Matcher pair = ENV_PAIR.matcher(line);
            boolean any = false;
            while (pair.find()) {
                env.put(pair.group(1), unquote(pair.group(2)));
                any = true;
            }
            if (!any) { // the old form: ENV NAME value
                String[] nameValue = line.split("\\s+", 2);
                env.put(nameValue[0], nameValue.length > 1 ? nameValue[1] : "");
            }
        }
        return env;
    }

    /** The entrypoint in force for the stage: its own, or the nearest base stage's. */
    public String entrypoint(String stageName) {
        Stage stage = stage(stageName);
        List<String> own = stage.all("ENTRYPOINT");
        if (!own.isEmpty()) {
            return own.get(own.size() - 1);
        }
        return stages.containsKey(stage.base()) ? entrypoint(stage.base()) : "";
    }

    private static String unquote(String value) {
        return value.startsWith("\"") ? value.substring(1, value.length() - 1).replace("\\\"", "\"") : value;
    }
}
