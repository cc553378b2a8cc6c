package dev.tdw.app.ui.remote;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The window's passphrase questions without a window: a thread of its own stands for the FX thread. */
class RemotePassphrasesTest {
    @Test
    void theConnectionWaitsForTheAnswerAndADeclinedKeyIsNotAskedAgain() {
        ExecutorService fx = Executors.newSingleThreadExecutor();
        List<String> asked = new ArrayList<>();
        List<Thread> askedOn = new ArrayList<>();
        try {
            RemotePassphrases p = new RemotePassphrases(fx, key -> {
                asked.add(key);
                askedOn.add(Thread.currentThread());
                return key.endsWith("id_rsa") ? null : "secret".toCharArray();
            });
            assertArrayEquals("secret".toCharArray(), p.passphrase("/home/me/.ssh/id_ed25519"));
            assertNull(p.passphrase("/home/me/.ssh/id_rsa"));
            assertNull(p.passphrase("/home/me/.ssh/id_rsa"));
            // A key given before is asked again only when the connector asks again (its passphrase was wrong).
            assertArrayEquals("secret".toCharArray(), p.passphrase("/home/me/.ssh/id_ed25519"));
            assertEquals(List.of("/home/me/.ssh/id_ed25519", "/home/me/.ssh/id_rsa", "/home/me/.ssh/id_ed25519"), asked);
            assertEquals(false, askedOn.contains(Thread.currentThread()), "asked on the FX thread, not the connection's");
        } finally {
            fx.shutdownNow();
        }
    }
}
