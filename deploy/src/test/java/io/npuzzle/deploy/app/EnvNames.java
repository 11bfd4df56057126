package io.npuzzle.deploy.app;

import java.util.Locale;
import java.util.regex.Pattern;

/** Quarkus' (SmallRye Config's) environment form of a property name. */
public final class EnvNames {

    private static final Pattern NOT_ALPHANUMERIC = Pattern.compile("[^A-Za-z0-9]");
    private static final String ANY_KEY = "\u0001";

    private EnvNames() {
    }

    /** {@code quarkus.redis.hosts} -> {@code QUARKUS_REDIS_HOSTS}: every other character becomes an underscore. */
    public static String of(String property) {
        return NOT_ALPHANUMERIC.matcher(property).replaceAll("_").toUpperCase(Locale.ROOT);
    }

    /**
     * Whether {@code env} names a property of {@code pattern}, whose map keys may be {@code *} (a mapping's map)
     * or a quoted placeholder such as {@code "client-name"} (Quarkus' config model).
     */
    public static boolean matches(String env, String pattern) {
        String marked = pattern.replaceAll("\"[^\"]*\"", "\"" + ANY_KEY + "\"").replace("*", ANY_KEY);
        StringBuilder regex = new StringBuilder();
        String[] literals = marked.split(ANY_KEY, -1);
        for (int i = 0; i < literals.length; i++) {
            if (i > 0) {
                regex.append("[A-Z0-9_]+");
            }
            regex.append(Pattern.quote(of(literals[i])));
        }
        return Pattern.matches(regex.toString(), env);
    }
}
