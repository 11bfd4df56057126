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
    private static final Pattern ARG = Pattern.compile("(?i)ARG\\s+(\\w+)(?:=(\\S*))?");
    private static final Pattern ENV_PAIR = Pattern.compile("(\\w+)=(\"(?:[^\"\\\\]|\\\\.)*\"|\\S+)");
    /** A reference to a variable in an ENV value: ${NAME}. */
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{(\\w+)}");
    private static final Pattern PARSER_DIRECTIVE = Pattern.compile("(?i)#\\s*(syntax|escape|check)\\s*=.*");

    private final String text;
    private final Map<String, String> globalArgs;
    private final Map<String, Stage> stages;

    private Dockerfile(String text, Map<String, String> globalArgs, Map<String, Stage> stages) {
        this.text = text;
        this.globalArgs = globalArgs;
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

    /** A {@code COPY} (shell form): its {@code --name=value} options, its sources and its destination. */
    public record Copy(Map<String, String> options, List<String> sources, String destination) {
    }

    public static Dockerfile read() {
        return parse(Repository.read("Dockerfile"));
    }

    public static Dockerfile parse(String text) {
        Map<String, String> globalArgs = new LinkedHashMap<>();
        Map<String, Stage> stages = new LinkedHashMap<>();
        Stage current = null;
        for (String instruction : LogicalLines.of(text)) {
            Matcher from = FROM.matcher(instruction);
            Matcher arg = ARG.matcher(instruction);
            if (from.matches()) {
                String name = from.group(2) != null ? from.group(2) : "stage-" + stages.size();
                current = new Stage(name, from.group(1), new ArrayList<>());
                stages.put(name, current);
            } else if (current != null) {
                current.instructions().add(instruction);
            } else if (arg.matches()) { // before the first FROM: an argument the FROM lines may use
                globalArgs.put(arg.group(1), arg.group(2) == null ? "" : unquote(arg.group(2)));
            }
        }
        return new Dockerfile(text, globalArgs, stages);
    }

    /** The {@code ARG}s declared before the first {@code FROM}, with their defaults ("" for none). */
    public Map<String, String> globalArgs() {
        return globalArgs;
    }

    /** The parser directives ({@code # syntax=...}) at the top of the file, which need BuildKit. */
    public List<String> parserDirectives() {
        List<String> directives = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!PARSER_DIRECTIVE.matcher(line.trim()).matches()) {
                break;
            }
            directives.add(line.trim());
        }
        return directives;
    }

    /** The stage's base as an image: an earlier stage's base followed, {@code ${ARG}} left as written. */
    public String baseImage(String stageName) {
        Stage stage = stage(stageName);
        return stages.containsKey(stage.base()) ? baseImage(stage.base()) : stage.base();
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

    /** The stage's own {@code COPY} instructions. */
    public List<Copy> copies(String stageName) {
        List<Copy> copies = new ArrayList<>();
        for (String line : stage(stageName).all("COPY")) {
            Map<String, String> options = new LinkedHashMap<>();
            List<String> words = new ArrayList<>(List.of(line.split("\\s+")));
            while (!words.isEmpty() && words.get(0).startsWith("--")) {
                String[] option = words.remove(0).substring(2).split("=", 2);
                options.put(option[0], option.length > 1 ? option[1] : "");
            }
            if (words.size() < 2) {
                throw new AssertionError(stageName + ": COPY needs a source and a destination: " + line);
            }
            copies.add(new Copy(options, List.copyOf(words.subList(0, words.size() - 1)), words.get(words.size() - 1)));
        }
        return copies;
    }

    /** The stage's environment: what its bases set, then its own {@code ENV} lines. */
    public Map<String, String> env(String stageName) {
        Stage stage = stage(stageName);
        Map<String, String> env = stages.containsKey(stage.base()) ? env(stage.base()) : new LinkedHashMap<>();
        for (String line : stage.all("ENV")) {
            Matcher pair = ENV_PAIR.matcher(line);
            boolean any = false;
            while (pair.find()) {
                env.put(pair.group(1), substituted(unquote(pair.group(2)), env));
                any = true;
            }
            if (!any) { // the old form: ENV NAME value
                String[] nameValue = line.split("\\s+", 2);
                env.put(nameValue[0], nameValue.length > 1 ? nameValue[1] : "");
            }
        }
        return env;
    }

    /** A value with each {@code ${NAME}} replaced by what the environment so far holds, as Docker does. */
    private static String substituted(String value, Map<String, String> env) {
        Matcher reference = REFERENCE.matcher(value);
        StringBuilder result = new StringBuilder();
        while (reference.find()) {
            reference.appendReplacement(result, Matcher.quoteReplacement(env.getOrDefault(reference.group(1), "")));
        }
        reference.appendTail(result);
        return result.toString();
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
