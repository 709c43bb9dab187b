import java.io.FileInputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Reads each file named on the command line with java.util.Properties, the reader Java applications use (as UTF-8,
 * as Java 9+ resource bundles do), and prints one line per file: the path, then each key and its value, tab-separated
 * with tabs and line breaks escaped. A file Java cannot read ends the program with a non-zero status.
 */
public class JavaProperties {
    public static void main(String[] args) throws Exception {
        for (String path : args) {
            Properties properties = new Properties();
            try (InputStreamReader reader = new InputStreamReader(new FileInputStream(path), StandardCharsets.UTF_8)) {
                properties.load(reader);
            }
            StringBuilder line = new StringBuilder(path);
            for (String key : properties.stringPropertyNames()) {
                line.append('\t').append(escape(key)).append('\t').append(escape(properties.getProperty(key)));
            }
            System.out.println(line);
        }
    }

    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }
}
