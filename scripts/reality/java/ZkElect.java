// The ZooKeeper election recipe on the real Java client: create an ephemeral sequential znode
// under the election path, lead if it is the lowest, otherwise watch only the znode just below
// (ZooKeeper's recipes guide, "Leader Election"). Prints one line per event for the harness:
//   SESSION <hex id> <negotiated timeout ms>, ZNODE <name>, LEADER <name>, WATCH <predecessor>,
//   STATE <keeper state>, EXPIRED. The harness stamps each line when it arrives.
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

public class ZkElect {
  static ZooKeeper zk;
  static String path;
  static String mine;
  static final Object lock = new Object();

  static void say(String s) { System.out.println(s); System.out.flush(); }

  public static void main(String[] a) throws Exception {
    String hosts = a[0];
    path = a[1];
    int timeout = Integer.parseInt(a[2]);
    CountDownLatch connected = new CountDownLatch(1);
    zk = new ZooKeeper(hosts, timeout, (WatchedEvent e) -> {
      if (e.getType() == Watcher.Event.EventType.None) {
        say("STATE " + e.getState());
        if (e.getState() == Watcher.Event.KeeperState.SyncConnected) connected.countDown();
        if (e.getState() == Watcher.Event.KeeperState.Expired) { say("EXPIRED"); System.exit(0); }
      }
    });
    connected.await();
    say("SESSION " + Long.toHexString(zk.getSessionId()) + " " + zk.getSessionTimeout());
    try { zk.create(path, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT); } catch (KeeperException.NodeExistsException ok) { }
    String full = zk.create(path + "/n_", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL_SEQUENTIAL);
    mine = full.substring(path.length() + 1);
    say("ZNODE " + mine + " " + Long.toHexString(zk.exists(full, false).getCzxid()));
    check();
    synchronized (lock) { lock.wait(); }
  }

  // List the children; lead if ours is the lowest, else watch the one just below ours. If it is
  // already gone (exists returns null), look again.
  static void check() throws Exception {
    for (;;) {
      List<String> kids = zk.getChildren(path, false);
      Collections.sort(kids);
      int i = kids.indexOf(mine);
      if (i == 0) { say("LEADER " + mine); return; }
      String pred = kids.get(i - 1);
      Watcher w = (WatchedEvent e) -> {
        if (e.getType() == Watcher.Event.EventType.NodeDeleted) {
          say("DELETED " + pred);
          try { check(); } catch (Exception x) { say("ERROR " + x); }
        }
      };
      if (zk.exists(path + "/" + pred, w) != null) { say("WATCH " + pred); return; }
    }
  }
}
