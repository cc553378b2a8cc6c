package dev.tdw.app.ui.table;

import javafx.application.Application;
import javafx.css.CompoundSelector;
import javafx.css.CssParser;
import javafx.css.PseudoClass;
import javafx.css.Rule;
import javafx.css.Selector;
import javafx.css.SimpleSelector;
import javafx.css.Stylesheet;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Control;

import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a stylesheet that styles a node (the user-agent stylesheet, modena unless the application set another, the
 * scene's own user-agent stylesheet, the scene's and its ancestors' stylesheets) has a selector that could match the node with one of its pseudo-classes: a part of a
 * selector whose style classes the node has, of its id and type or any, that names the pseudo-class
 * ({@code .tree-table-row-cell:status-divergent} for a row, not {@code .badge:status-no-summary}). A part that is not
 * the selector's last (an ancestor's, as {@code .tree-table-row-cell:expanded} in modena's
 * {@code .tree-table-row-cell:expanded > .tree-disclosure-node > .arrow}) counts only while a node under this one could
 * match the part after it: a row whose arrow is not modena's is not styled by its {@code :expanded}. When none counts,
 * that pseudo-class changing changes no style of the node or below it, so a row need not be styled again
 * ({@link StyleWatch}). Errs towards "could match": pseudo-classes of other parts and the kind of combinator are not
 * read, and a stylesheet that cannot be read (modena, in a runtime that keeps it from the application) matches
 * everything.
 */
final class NamedPseudoClasses {
    /** Where JavaFX keeps its own stylesheets (what {@link Application#STYLESHEET_MODENA} stands for). */
    private static final String MODENA = "/com/sun/javafx/scene/control/skin/modena/modena.css",
            CASPIAN = "/com/sun/javafx/scene/control/skin/caspian/caspian.css";
    private static final Pattern PSEUDO_CLASS = Pattern.compile(":([\\w-]+)");
    /** Each stylesheet's selector parts by the pseudo-classes they name, by its address; empty if unreadable (FX thread only). */
    private static final Map<String, Optional<Map<String, Part[]>>> BY_URL = new HashMap<>();

    private NamedPseudoClasses() {}

    /** Whether a stylesheet that styles {@code node} could match it by {@code pseudoClass}; true while it is in no scene. */
    static boolean named(Node node, PseudoClass pseudoClass) {
        Scene scene = node.getScene();
        if (scene == null) return true;
        String name = pseudoClass.getPseudoClassName();
        String agent = Application.getUserAgentStylesheet();
        if (names(agent == null ? Application.STYLESHEET_MODENA : agent, node, name)) return true;
        if (scene.getUserAgentStylesheet() != null && names(scene.getUserAgentStylesheet(), node, name)) return true;
        for (String url : scene.getStylesheets()) if (names(url, node, name)) return true;
        for (Parent p = node instanceof Parent self ? self : node.getParent(); p != null; p = p.getParent()) {
            for (String url : p.getStylesheets()) if (names(url, node, name)) return true;
        }
        return false;
    }

    private static boolean names(String url, Node node, String name) {
        Optional<Map<String, Part[]>> parts = BY_URL.computeIfAbsent(url, NamedPseudoClasses::read);
        if (parts.isEmpty()) return true;
        Part[] named = parts.get().get(name);
        if (named == null) return false;
        for (Part part : named) if (part.couldMatch(node) && (part.next == null || part.next.couldMatchUnder(node))) return true;
        return false;
    }

    /**
     * A selector part as matching needs it, taken from the parsed {@link SimpleSelector} once: its getters build new
     * lists on every call, and this runs for every pseudo-class a scrolled row changes. {@code next} is the part after
     * it in its selector, null for the last.
     */
    private record Part(String type, String id, String[] styleClasses, Part next) {
        static Part of(SimpleSelector s, Part next) {
            String type = s.getName().equals("*") ? "" : s.getName();
            return new Part(type, s.getId(), s.getStyleClasses().toArray(String[]::new), next);
        }

        /** Whether a node below {@code node} (not itself) could match this part; the scene graph bounds the walk. */
        boolean couldMatchUnder(Node node) {
            if (!(node instanceof Parent p)) return false;
            List<Node> children = p.getChildrenUnmodifiable();
            for (int i = 0; i < children.size(); i++) {
                Node child = children.get(i);
                if (couldMatch(child) || couldMatchUnder(child)) return true;
            }
            return false;
        }

        /** Of the node's type (or any) and id (or any), with all the part's style classes; pseudo-classes are not read. */
        boolean couldMatch(Node node) {
            if (!type.isEmpty() && !type.equals(node.getTypeSelector())) return false;
            if (!id.isEmpty() && !id.equals(node.getId())) return false;
            List<String> classes = node.getStyleClass();
            for (String c : styleClasses) if (!classes.contains(c)) return false;
            return true;
        }
    }

    private static Optional<Map<String, Part[]>> read(String url) {
        try {
            URL at = url.equals(Application.STYLESHEET_MODENA) ? Control.class.getResource(MODENA)
                    : url.equals(Application.STYLESHEET_CASPIAN) ? Control.class.getResource(CASPIAN) : URI.create(url).toURL();
            if (at == null) return Optional.empty();
            Stylesheet sheet = new CssParser().parse(at);
            Map<String, List<Part>> byName = new HashMap<>();
            for (Rule rule : sheet.getRules()) {
                for (Selector selector : rule.getSelectors()) {
                    List<SimpleSelector> parts = selector instanceof CompoundSelector c ? c.getSelectors() : List.of((SimpleSelector) selector);
                    Part next = null;
                    for (int i = parts.size() - 1; i >= 0; i--) {
                        Part part = Part.of(parts.get(i), next);
                        // A part reads "*.class#id:pseudo-class": its pseudo-classes are the names after a colon.
                        Matcher m = PSEUDO_CLASS.matcher(parts.get(i).toString());
                        while (m.find()) byName.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(part);
                        next = part;
                    }
                }
            }
            Map<String, Part[]> parts = new HashMap<>();
            byName.forEach((name, list) -> parts.put(name, list.toArray(Part[]::new)));
            return Optional.of(parts);
        } catch (IOException | IllegalArgumentException | ClassCastException e) {
            return Optional.empty();
        }
    }
}
