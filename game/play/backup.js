// The browser half of Backup (game/app/backup.py): a download, and a file chooser whose text Python polls for.
// Evaluated once in the page; defines window.pipopipetteBackup.
window.pipopipetteBackup = {
  upload: null,

  download: function (text, name, kind) {
    const url = URL.createObjectURL(new Blob([text], {type: kind || "application/json"}));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.style.display = "none";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
    return "ok";
  },

  pick: function (limit) {
    const self = this;
    self.upload = {state: "picking"};
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.style.display = "none";
    input.addEventListener("change", function () {
      const file = input.files && input.files[0];
      input.remove();
      if (!file) { self.upload = {state: "cancelled"}; return; }
      if (file.size > limit) { self.upload = {state: "error", error: "large"}; return; }
      file.text().then(
        function (text) { self.upload = {state: "done", text: text, name: file.name}; },
        function () { self.upload = {state: "error", error: "unreadable"}; });
    });
    input.addEventListener("cancel", function () { input.remove(); self.upload = {state: "cancelled"}; });
    document.body.appendChild(input);
    input.click();
    return "ok";
  },

  take: function () {
    const found = this.upload;
    if (!found || found.state === "picking") { return ""; }
    this.upload = null;
    return JSON.stringify(found);
  },
};
"ok";
