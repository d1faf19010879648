"""A deployment script as people write them with requests' HTTPDigestAuth, unchanged for dbkit: follow every OPEN
alert's self link, acknowledge the first, push the automation config with one more version, then poll
automationStatus until every process has reached it (the vendor operator's WaitForReadyState rule).

Usage: python3 push_and_wait.py BASE_URL GROUP PUBLIC_KEY PRIVATE_KEY
Prints one line per step; exits 0 at the goal, 1 otherwise."""
import sys
import time

import requests
from requests.auth import HTTPDigestAuth

base, group, public, private = sys.argv[1:5]
api = f"{base}/api/public/v1.0/groups/{group}"
session = requests.Session()
session.auth = HTTPDigestAuth(public, private)

alerts = session.get(f"{api}/alerts", params={"status": "OPEN"}).json()["results"]
for alert in alerts:
    self_link = next(link["href"] for link in alert["links"] if link["rel"] == "self")
    one = session.get(self_link)
    one.raise_for_status()
    assert one.json()["id"] == alert["id"]
print(f"followed {len(alerts)} self links")

acked = session.patch(
    f"{api}/alerts/{alerts[0]['id']}",
    json={"acknowledgedUntil": "2030-01-01T00:00:00Z", "acknowledgementComment": "maintenance"},
)
acked.raise_for_status()
print(f"acknowledged until {acked.json()['acknowledgedUntil']} by {acked.json()['acknowledgingUsername']}")

config = session.get(f"{api}/automationConfig").json()
config["version"] += 1
for process in config["processes"]:
    process["args2_6"].setdefault("operationProfiling", {})["slowOpThresholdMs"] = 120
pushed = session.put(f"{api}/automationConfig", json=config)
pushed.raise_for_status()
print(f"pushed version {config['version']}")

deadline = time.time() + 120
while time.time() < deadline:
    status = session.get(f"{api}/automationStatus").json()
    waiting = [p["name"] for p in status["processes"] if p["lastGoalVersionAchieved"] != status["goalVersion"]]
    if status["goalVersion"] == config["version"] and not waiting:
        print(f"goal {status['goalVersion']} reached by {len(status['processes'])} processes")
        sys.exit(0)
    time.sleep(0.05)
print("timed out")
sys.exit(1)
