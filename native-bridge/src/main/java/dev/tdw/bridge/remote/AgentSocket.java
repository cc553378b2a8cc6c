package dev.tdw.bridge.remote;

import dev.tdw.model.text.SafeText;
import org.apache.sshd.agent.SshAgent;
import org.apache.sshd.agent.SshAgentFactory;
import org.apache.sshd.agent.SshAgentServer;
import org.apache.sshd.agent.common.AbstractAgentProxy;
import org.apache.sshd.common.FactoryManager;
import org.apache.sshd.common.channel.ChannelFactory;
import org.apache.sshd.common.session.ConnectionService;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;

import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.List;

/**
 * The user's SSH agent ({@code ssh-agent}, reached at {@code SSH_AUTH_SOCK}) as MINA's agent: keys the agent holds sign
 * the authentication, so a key with a passphrase unlocked by {@code ssh-add} serves without tdw ever seeing it. MINA's
 * own Unix agent client needs Tomcat's native APR library; this one speaks the agent protocol (a 4-byte length, then
 * the message) over Java's Unix-domain socket channels. Only the client side: agents are not forwarded to hosts.
 */
final class AgentSocket implements SshAgentFactory {
    /** The largest reply read from an agent (OpenSSH's own limit for an agent message). */
    static final int MAX_REPLY = 256 << 10;

    private final Path socket;

    AgentSocket(Path socket) {
        this.socket = socket;
    }

    @Override
    public List<ChannelFactory> getChannelForwardingFactories(FactoryManager manager) {
        return List.of();
    }

    @Override
    public SshAgent createClient(Session session, FactoryManager manager) throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            channel.close();
            throw new IOException("the SSH agent at " + SafeText.of(socket) + " (SSH_AUTH_SOCK) does not answer (" + SafeText.of(e.getMessage()) + ")", e);
        }
        return new Client(channel, socket);
    }

    @Override
    public SshAgentServer createServer(ConnectionService service) throws IOException {
        throw new IOException("tdw does not forward the SSH agent to hosts");
    }

    /** One connection to the agent; requests take turns. */
    private static final class Client extends AbstractAgentProxy {
        private final SocketChannel channel;
        private final Path socket;

        Client(SocketChannel channel, Path socket) {
            super(null);
            this.channel = channel;
            this.socket = socket;
        }

        /** {@code buffer} holds the message after 4 bytes kept for its length (MINA's {@code createBuffer}). */
        @Override
        protected synchronized Buffer request(Buffer buffer) throws IOException {
            int end = buffer.wpos();
            buffer.wpos(0);
            buffer.putUInt(end - 4L);
            buffer.wpos(end);
            ByteBuffer out = ByteBuffer.wrap(buffer.array(), buffer.rpos(), buffer.available());
            while (out.hasRemaining()) channel.write(out);
            ByteBuffer length = read(4);
            int n = length.getInt(0);
            if (n <= 0 || n > MAX_REPLY) {
                throw new IOException("the SSH agent at " + SafeText.of(socket) + " sent a reply of " + Integer.toUnsignedString(n)
                        + " bytes (not an agent?)");
            }
            return new ByteArrayBuffer(read(n).array());
        }

        private ByteBuffer read(int n) throws IOException {
            ByteBuffer b = ByteBuffer.allocate(n);
            while (b.hasRemaining()) {
                if (channel.read(b) < 0) throw new EOFException("the SSH agent at " + SafeText.of(socket) + " closed the connection");
            }
            return b;
        }

        @Override
        public boolean isOpen() {
            return channel.isOpen();
        }

        @Override
        public void close() throws IOException {
            try {
                super.close();
            } finally {
                channel.close();
            }
        }
    }
}
