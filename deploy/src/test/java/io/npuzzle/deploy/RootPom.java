package io.npuzzle.deploy;

import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;

/** Properties of the root pom, the single place where shared versions are named. */
public final class RootPom {

    private RootPom() {
    }

    public static String property(String name) {
        try {
            NodeList nodes = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(Repository.path("pom.xml").toFile()).getElementsByTagName(name);
            if (nodes.getLength() == 0) {
                throw new AssertionError("the root pom has no property " + name);
            }
            return nodes.item(0).getTextContent().trim();
        } catch (AssertionError e) {
            throw e;
        } catch (Exception e) {
            throw new AssertionError("cannot read the root pom", e);
        }
    }

    /** "4.1.2" -> "4.1". */
    public static String minor(String version) {
        String[] parts = version.split("\\.");
        return parts[0] + "." + parts[1];
    }
}
