package io.npuzzle.deploy.image;

import io.npuzzle.deploy.LogicalLines;
import io.npuzzle.deploy.Repository;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** bin/images, which packages the apps and builds the images (and with --local-bases, stand-ins for the public ones). */
final class BinImages {

    private static final List<String> SCRIPT = LogicalLines.of(Repository.read("bin/images"));
    private static final Pattern ASSIGNMENT = Pattern.compile("(\\w+)=\"?([^\"\\s]*)\"?");
    private static final Pattern ENV_FILE_LINE = Pattern.compile("(\\w+_IMAGE)=\\$(\\w+)");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{?(\\w+)}?");

    private BinImages() {
    }

    /** The Maven command line that packages the apps. */
    static String mavenPackage() {
        // A command, not a message that shows one.
        return SCRIPT.stream().filter(line -> !line.matches("(say|echo|printf) .*"))
                .filter(line -> line.matches(".*\\bmvn\\b.*\\bpackage\\b.*")).findFirst()
                .orElseThrow(() -> new AssertionError("bin/images runs no mvn ... package"));
    }

    /** The tag the app images get. */
    static String appTag() {
        return variables().get("APP_TAG");
    }

    /**
     * The variables --local-bases writes to .run/images.env for docker compose, with the stand-in each names;
     * KAFKA_VERSION, which the script reads from tools/kafka/pom.xml, is given.
     */
    static Map<String, String> localImages(String kafkaVersion) {
        Map<String, String> variables = variables();
        variables.put("KAFKA_VERSION", kafkaVersion);
        Map<String, String> images = new LinkedHashMap<>();
        for (String line : SCRIPT) {
            Matcher entry = ENV_FILE_LINE.matcher(line);
            if (entry.matches()) {
                images.put(entry.group(1), expand(variables.get(entry.group(2)), variables));
            }
        }
        return images;
    }

    private static Map<String, String> variables() {
        Map<String, String> variables = new LinkedHashMap<>();
        for (String line : SCRIPT) {
            Matcher assignment = ASSIGNMENT.matcher(line);
            if (assignment.matches()) {
                variables.putIfAbsent(assignment.group(1), assignment.group(2));
            }
        }
        return variables;
    }

    private static String expand(String value, Map<String, String> variables) {
        if (value == null) {
            return null;
        }
        Matcher variable = VARIABLE.matcher(value);
        StringBuilder expanded = new StringBuilder();
        while (variable.find()) {
            String replacement = variables.get(variable.group(1));
            if (replacement == null) {
                throw new AssertionError("bin/images: " + value + " uses $" + variable.group(1) + ", which it never sets");
            }
            variable.appendReplacement(expanded, Matcher.quoteReplacement(expand(replacement, variables)));
        }
        return variable.appendTail(expanded).toString();
    }
}
